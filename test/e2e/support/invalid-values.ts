import { Schema } from './document-requests';

/** One way of breaking a valid value: what it breaks (named in a finding) and the broken value. */
export interface Breakage {
  what: string;
  value: unknown;
}

/** A value of the wrong JSON type for `s` (null counts when `s` is not nullable). */
function wrongTypes(s: Schema): unknown[] {
  const all: [string, unknown][] = [
    ['string', 'text'],
    ['number', 12.5],
    ['integer', 7],
    ['boolean', true],
    ['object', { x: 1 }],
    ['array', ['x']],
  ];
  const accepted = new Set(s.enum ? s.enum.map((v) => (Array.isArray(v) ? 'array' : typeof v)) : [s.type]);
  if (accepted.has('number')) accepted.add('integer');
  return [...all.filter(([type]) => !accepted.has(type)).map(([, value]) => value), ...(s.nullable ? [] : [null])];
}

/** Values `s` refuses: wrong types, past its bounds, outside its enum, not matching its pattern. */
export function invalidValues(resolve: (schema: Schema) => Schema, schema: Schema): Breakage[] {
  const s = resolve(schema);
  if (s.oneOf || (!s.type && !s.enum)) return s.nullable || s.oneOf ? [] : [{ what: 'null', value: null }];
  const broken: Breakage[] = wrongTypes(s).map((value) => ({
    what: `a ${value === null ? 'null' : Array.isArray(value) ? 'list' : typeof value}`,
    value,
  }));
  if (s.enum) broken.push({ what: 'a value outside the enum', value: typeof s.enum[0] === 'boolean' ? !s.enum[0] : 'not-in-the-enum' });
  if (s.type === 'string' && !s.enum) {
    if (s.maxLength !== undefined) broken.push({ what: `${s.maxLength + 1} characters`, value: 'a'.repeat(s.maxLength + 1) });
    if (s.minLength) broken.push({ what: `${s.minLength - 1} characters`, value: 'a'.repeat(s.minLength - 1) });
    if (s.pattern)
      broken.push(
        ...[' ', '-', 'a b', '..', '/', 'A']
          .filter((v) => !new RegExp(s.pattern!).test(v))
          .slice(0, 1)
          .map((value) => ({ what: 'a string off the pattern', value })),
      );
    if (s.format === 'uri') broken.push({ what: 'not a URI', value: 'not a uri' });
    if (s.format === 'email') broken.push({ what: 'not an e-mail address', value: 'nobody' });
  }
  if (s.type === 'integer') broken.push({ what: 'a fraction', value: 1.5 });
  if ((s.type === 'integer' || s.type === 'number') && s.maximum !== undefined)
    broken.push({ what: 'past the maximum', value: s.maximum + 1 });
  if ((s.type === 'integer' || s.type === 'number') && s.minimum !== undefined)
    broken.push({ what: 'under the minimum', value: s.minimum - 1 });
  if (s.type === 'array') {
    if (s.maxItems !== undefined)
      broken.push({ what: `${s.maxItems + 1} items`, value: Array.from({ length: s.maxItems + 1 }, () => 'x') });
    if (s.minItems) broken.push({ what: 'no items', value: [] });
    if (s.items) for (const item of invalidValues(resolve, s.items)) broken.push({ what: `an item: ${item.what}`, value: [item.value] });
  }
  return broken;
}

/**
 * Bodies `schema` refuses, each from the valid `body`: a property it does not declare (where it
 * refuses them), each required property missing, each property broken, at any depth.
 */
export function invalidBodies(resolve: (schema: Schema) => Schema, schema: Schema, body: unknown, at = ''): Breakage[] {
  const s = resolve(schema);
  if (s.type !== 'object' || typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const value = body as Record<string, unknown>;
  const broken: Breakage[] = [];
  if (s.additionalProperties === false)
    broken.push({ what: `${at}unknownProperty: not declared`, value: { ...value, unknownProperty: 1 } });
  for (const name of s.required ?? []) {
    const { [name]: _, ...rest } = value;
    broken.push({ what: `${at}${name}: missing`, value: rest });
  }
  for (const [name, property] of Object.entries(s.properties ?? {})) {
    for (const { what, value: bad } of invalidValues(resolve, property))
      broken.push({ what: `${at}${name}: ${what}`, value: { ...value, [name]: bad } });
    if (Object.hasOwn(value, name)) {
      for (const nested of invalidBodies(resolve, property, value[name], `${at}${name}.`))
        broken.push({ what: nested.what, value: { ...value, [name]: nested.value } });
    }
  }
  return broken;
}

/** Query values a parameter of schema `schema` refuses, as they go in the URL. */
export function invalidQueryValues(resolve: (schema: Schema) => Schema, schema: Schema): Breakage[] {
  const s = resolve(schema);
  const broken: Breakage[] = [];
  if (s.enum) broken.push({ what: 'a value outside the enum', value: 'not-in-the-enum' });
  else if (s.type === 'integer' || s.type === 'number') {
    broken.push({ what: 'not a number', value: 'abc' });
    if (s.type === 'integer') broken.push({ what: 'a fraction', value: '1.5' });
    if (s.maximum !== undefined) broken.push({ what: 'past the maximum', value: String(s.maximum + 1) });
    if (s.minimum !== undefined) broken.push({ what: 'under the minimum', value: String(s.minimum - 1) });
  } else if (s.type === 'boolean') broken.push({ what: 'not a boolean', value: 'maybe' });
  else if (s.type === 'string') {
    if (s.maxLength !== undefined) broken.push({ what: `${s.maxLength + 1} characters`, value: 'a'.repeat(s.maxLength + 1) });
    if (s.minLength) broken.push({ what: `${s.minLength - 1} characters`, value: 'a'.repeat(s.minLength - 1) });
  }
  return broken;
}
