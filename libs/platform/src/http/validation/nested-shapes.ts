import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { Class, nestedType } from './unknown-properties';

/** What a request class expects of one property's JSON shape. */
interface Expected {
  /** A rule applies to each item (`{ each: true }`): the value is a list. */
  list: boolean;
  /** IsArray says so itself, with the other fields' problems (a list of values needs no check here). */
  checkedAsArray: boolean;
  /** @ValidateNested: the value (or each item of the list) is an object of `type`. */
  nested: boolean;
  type?: Class;
  /** What its own IsObject rule says after the property's name (` must be an object { markdown }`), if it says more. */
  objectMessage?: string;
}

const expectations = new WeakMap<Class, ReadonlyMap<string, Expected>>();

function expected(type: Class): ReadonlyMap<string, Expected> {
  let byProperty = expectations.get(type);
  if (!byProperty) {
    const found = new Map<string, Expected>();
    for (const rule of getMetadataStorage().getTargetValidationMetadatas(type, '', true, false)) {
      const entry = found.get(rule.propertyName) ?? { list: false, checkedAsArray: false, nested: false };
      if (rule.each) entry.list = true;
      if (rule.name === 'isArray') entry.checkedAsArray = true;
      if (rule.name === 'isObject' && typeof rule.message === 'string' && rule.message.startsWith(`${rule.propertyName} `)) {
        entry.objectMessage = rule.message.slice(rule.propertyName.length);
      }
      if (rule.type === ValidationTypes.NESTED_VALIDATION) {
        entry.nested = true;
        entry.type = nestedType(type, rule.propertyName);
      }
      found.set(rule.propertyName, entry);
    }
    expectations.set(type, (byProperty = found));
  }
  return byProperty;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Where a body's values have the wrong JSON shape for its request class, at any depth: an array
 * (or a number, a string...) where a nested object is declared, anything but an array where a list
 * is (lists of values with IsArray are left to it, which reports them with the other fields),
 * anything but an object as an item of a list of objects. Absent and null values are left to the
 * property's own rules (IsOptional, IsDefined).
 *
 * class-validator cannot be trusted with this: @ValidateNested() accepts an array of anything in
 * place of an object (it validates each item, so `[]` passes), and class-transformer turns that
 * array into an array of instances, which the handler then reads as one object.
 */
export function shapeProblems(input: unknown, type: Class, path = ''): string[] {
  if (!isObject(input)) return [];
  const problems: string[] = [];
  for (const [property, expect] of expected(type)) {
    if (!Object.hasOwn(input, property)) continue;
    const value = input[property];
    if (value === undefined || value === null || (!expect.nested && (!expect.list || expect.checkedAsArray))) continue;
    const at = path ? `${path}.${property}` : property;
    if (!expect.list) problems.push(...nestedProblems(value, expect, at));
    else if (!Array.isArray(value)) problems.push(`${at} must be an array`);
    else if (expect.nested) for (const [i, item] of value.entries()) problems.push(...nestedProblems(item, expect, `${at}[${i}]`));
  }
  return problems;
}

function nestedProblems(value: unknown, { type, list, objectMessage }: Expected, at: string): string[] {
  if (!isObject(value)) return [`${at}${(!list && objectMessage) || ' must be an object'}`];
  return type ? shapeProblems(value, type, at) : [];
}
