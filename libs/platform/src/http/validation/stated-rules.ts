import { INestApplication } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { DECORATORS, type OpenAPIObject, type OperationObject, type ParameterObject } from '@nestjs/swagger';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { Schema, stateSchemaKeywords } from './schema-keywords';
import { Class, nestedType } from './unknown-properties';

/**
 * Writes into the served document what the validation of each request body and query enforces,
 * read from the rules of its request class (class-validator's metadata) when the document is
 * built, so the two cannot drift: every body (and nested object) refuses unknown properties
 * (`additionalProperties: false`); lengths, sizes, bounds, integer types, patterns, enums, formats
 * and required fields as the rules check them, and `nullable` exactly where null gets past them.
 *
 * What a rule of its own checks (a list of invitees, one source of two) stays for the request class
 * to state in its decorators (a description, oneOf, pattern) or with @SchemaKeywords.
 */
export function stateValidationRules(app: INestApplication, document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const stated = new Set<Class>();
  const state = (type: Class, schema: Schema | undefined) => {
    if (!schema || stated.has(type)) return;
    stated.add(type);
    const rules = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
    if (rules.length === 0) return;
    schema.additionalProperties ??= false;
    for (const [property, own] of groupByProperty(rules)) {
      // A property validated but not documented is documented by its rules.
      schema.properties ??= {};
      const target = (schema.properties[property] ??= {});
      stateProperty(target, own, property);
      stateRequired(schema, property, own);
      const nested = nestedType(type, property);
      if (nested) state(nested, referenced(target, schemas));
    }
    stateSchemaKeywords(type, schema);
  };
  const operations = new Map<unknown, OperationObject>();
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item)) operations.set(operation?.operationId, operation);
  for (const { type, source, operationId } of requestClasses(app)) {
    if (source === 'body') state(type, schemas[type.name]);
    else stateQuery(type, operations.get(operationId));
  }
}

/** A query string's values: its parameters' schemas get their class's rules (a query string has no null). */
function stateQuery(type: Class, operation: OperationObject | undefined): void {
  const parameters = (operation?.parameters ?? []) as ParameterObject[];
  for (const [name, rules] of groupByProperty(getMetadataStorage().getTargetValidationMetadatas(type, '', true, false))) {
    const parameter = parameters.find((p) => p.in === 'query' && p.name === name);
    if (parameter?.schema) stateProperty(parameter.schema as Schema, rules, name, { nulls: false });
  }
}

interface RequestClass {
  type: Class;
  source: 'body' | 'query';
  /** The operation of the route that takes it. */
  operationId: unknown;
}

/** The request classes of every route's `@Body()` and `@Query()`. */
function requestClasses(app: INestApplication): RequestClass[] {
  const found: RequestClass[] = [];
  const scanner = new MetadataScanner();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      for (const method of scanner.getAllMethodNames(metatype.prototype)) {
        const args: Record<string, { index: number }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, method) ?? {};
        const types: unknown[] = Reflect.getMetadata('design:paramtypes', metatype.prototype, method) ?? [];
        const operationId = Reflect.getMetadata(DECORATORS.API_OPERATION, metatype.prototype[method])?.operationId;
        for (const [key, { index }] of Object.entries(args)) {
          const type = types[index];
          if (typeof type !== 'function') continue;
          if (key.startsWith(`${RouteParamtypes.BODY}:`)) found.push({ type: type as Class, source: 'body', operationId });
          if (key.startsWith(`${RouteParamtypes.QUERY}:`)) found.push({ type: type as Class, source: 'query', operationId });
        }
      }
    }
  }
  return found;
}

function groupByProperty(rules: ValidationMetadata[]): Map<string, ValidationMetadata[]> {
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const rule of rules) byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  return byProperty;
}

/** The component a property's schema points at: `$ref`, `allOf: [$ref]`, or its items'. */
function referenced(property: Schema, schemas: Record<string, Schema>): Schema | undefined {
  const ref: unknown = property.$ref ?? property.allOf?.[0]?.$ref ?? property.items?.$ref;
  return typeof ref === 'string' ? schemas[ref.replace('#/components/schemas/', '')] : undefined;
}

/** A plain value schema (not a reference, a composition or an object with properties) whose type a rule may set. */
const plain = (schema: Schema) => !schema.$ref && !schema.allOf && !schema.oneOf && !schema.anyOf && !schema.properties;

/** class-validator's own checks that refuse an absent value. */
const REFUSE_ABSENT: ReadonlySet<string | undefined> = new Set([
  'isString',
  'isBoolean',
  'isInt',
  'isNumber',
  'isIn',
  'equals',
  'isObject',
  'isArray',
  'isLength',
  'minLength',
  'maxLength',
  'matches',
]);

/**
 * Required when absence is refused: IsDefined, or a type check that no condition (IsOptional,
 * ValidateIf) can skip; not required when a condition skips an absent value in an empty body.
 */
function stateRequired(schema: Schema, property: string, rules: ValidationMetadata[]): void {
  const conditions = rules.filter((rule) => rule.type === ValidationTypes.CONDITIONAL_VALIDATION);
  const required =
    rules.some((rule) => rule.type === ValidationTypes.IS_DEFINED) ||
    (conditions.length === 0 && rules.some((rule) => rule.type === ValidationTypes.CUSTOM_VALIDATION && REFUSE_ABSENT.has(rule.name)));
  const optional = conditions.some((rule) => skips(rule, {}, undefined));
  const names = new Set<string>(schema.required ?? []);
  if (required) names.add(property);
  else if (optional) names.delete(property);
  if (names.size > 0) schema.required = [...names];
  else delete schema.required;
}

function stateProperty(property: Schema, rules: ValidationMetadata[], name: string, { nulls = true } = {}): void {
  // Null gets past the rules when a condition (IsOptional, ValidateIf) skips them for it.
  if (nulls && rules.some((rule) => rule.type === ValidationTypes.CONDITIONAL_VALIDATION && skips(rule, { [name]: null }, null))) {
    if (property.$ref) {
      // A reference has no siblings in OpenAPI 3.0.
      property.allOf = [{ $ref: property.$ref }];
      delete property.$ref;
    }
    property.nullable = true;
  }
  for (const rule of rules) {
    if (rule.type !== ValidationTypes.CUSTOM_VALIDATION) continue;
    const target = rule.each ? property.items : property;
    if (target && typeof target === 'object' && plain(target)) stateRule(target, rule);
  }
}

/** Whether a condition (IsOptional, ValidateIf) skips the property's rules for `value` in `body`. */
function skips(rule: ValidationMetadata, body: object, value: unknown): boolean {
  const condition = rule.constraints?.[0];
  if (typeof condition !== 'function') return false;
  try {
    return condition(body, value) === false;
  } catch {
    return false;
  }
}

/** What one of class-validator's own rules checks, in JSON Schema words. */
function stateRule(schema: Schema, rule: ValidationMetadata): void {
  const [first, second] = rule.constraints ?? [];
  switch (rule.name) {
    case 'isString':
      schema.type = 'string';
      break;
    case 'isBoolean':
      schema.type = 'boolean';
      break;
    case 'isInt':
      schema.type = 'integer';
      break;
    case 'isNumber':
      if (schema.type !== 'integer') schema.type = 'number';
      break;
    case 'isLength':
      if (typeof first === 'number' && first > 0) schema.minLength = first;
      if (typeof second === 'number') schema.maxLength = second;
      break;
    case 'minLength':
    case 'isNotEmpty':
      schema.minLength = Math.max(schema.minLength ?? 0, typeof first === 'number' ? first : 1);
      break;
    case 'maxLength':
      schema.maxLength = first;
      break;
    case 'arrayMinSize':
      schema.minItems = first;
      break;
    case 'arrayMaxSize':
      schema.maxItems = first;
      break;
    case 'min':
      schema.minimum = first;
      break;
    case 'max':
      schema.maximum = first;
      break;
    case 'matches':
      // JSON Schema patterns have no flags: a rule with flags keeps its description.
      if (first instanceof RegExp && first.flags === '') schema.pattern = first.source;
      break;
    case 'isIn':
    case 'equals':
      stateEnum(schema, rule.name === 'equals' ? [first] : (first as unknown[]));
      break;
    case 'isUrl': {
      schema.format ??= 'uri';
      const { protocols, require_protocol } = (first ?? {}) as { protocols?: string[]; require_protocol?: boolean };
      if (require_protocol && protocols?.length) schema.pattern ??= `^(?:${protocols.join('|')}):\\/\\/`;
      break;
    }
    case 'isEmail':
      schema.format ??= 'email';
      break;
    case 'isFqdn':
      schema.format ??= 'hostname';
      break;
  }
}

function stateEnum(schema: Schema, values: unknown[]): void {
  if (!Array.isArray(values)) return;
  // No value passes: only what skips the rules (absence, and null where a condition lets it by).
  if (values.length === 0) {
    if (schema.nullable) {
      schema.enum = [null];
      schema.type ??= 'object';
      return;
    }
    // Not even null (a field that is not served, NotServed): no value at all.
    for (const key of Object.keys(schema)) if (key !== 'description') delete schema[key];
    schema.not = {};
    return;
  }
  schema.enum = values;
  const types = new Set(values.map((value) => typeof value));
  const [only] = types;
  if (types.size === 1 && (only === 'string' || only === 'boolean' || only === 'number')) schema.type = only;
}
