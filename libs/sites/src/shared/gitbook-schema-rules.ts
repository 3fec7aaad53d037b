import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { GITBOOK_SCHEMAS } from './gitbook-schemas';

/**
 * GitBook's schemas of customization and redirects (gitbook-schemas.ts) as this server takes and
 * serves them: closed (every object with `properties` refuses other fields) and bounded (lists
 * without a `maxItems` take at most MAX_ITEMS, strings without a `maxLength` at most
 * MAX_STRING), checked with ajv; and written in OpenAPI 3.0 words for the served document.
 */
export const MAX_ITEMS = 50;
export const MAX_STRING = 1024;
/** GitBook's pattern of a colour (ColorSchema). */
const HEX_COLOR = '^#(?:[0-9a-fA-F]{3}){1,2}$';

type Schema = Record<string, unknown>;
const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schemas by name. */
export const SCHEMAS = GITBOOK_SCHEMAS.components.schemas as unknown as Record<string, Schema>;

/** The input rules: GitBook's, closed and bounded. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    // Property names are data, not schemas.
    out[key] =
      key === 'properties' && isObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closed(v)])) : closed(value);
  }
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (isObject(schema.properties) && schema.additionalProperties === undefined) out.additionalProperties = false;
  if (types.includes('array') && schema.maxItems === undefined) out.maxItems = MAX_ITEMS;
  if (types.includes('string') && schema.maxLength === undefined && schema.enum === undefined) out.maxLength = MAX_STRING;
  return out;
}

/**
 * GitBook's SiteRedirectSourcePath without its lookaheads, which say again what the rest says (a
 * segment never starts with `*`, and `*` only ends the path): the same paths, in a pattern that
 * every regular expression engine (and generator) reads.
 */
const SEGMENT = '(?:[A-Za-z0-9\\-._~+]|%[0-9A-Fa-f]{2})+';
export const SOURCE_PATH = `^/${SEGMENT}(?:/${SEGMENT})*(?:/\\*|\\*)?$`;

/**
 * What this server takes: GitBook's rules, closed and bounded, except that a redirect's destination
 * is one of SiteRedirectDestination's (a section, a site space, a page, a URL): a `path` one names
 * a page by its path in a space, which the sites context cannot resolve (docs/sites-design.md, "Redirects").
 */
const TAKEN: Record<string, Schema> = {
  ...SCHEMAS,
  SiteRedirectInputDestination: SCHEMAS.SiteRedirectDestination!,
  SiteRedirectSourcePath: { ...SCHEMAS.SiteRedirectSourcePath, pattern: SOURCE_PATH },
};
const INPUT = closed(TAKEN) as Record<string, Schema>;

/** An emoji: one or more pictographic characters (with their joiners and modifiers), or its code point in hex (`1f389`). */
const CODE_POINTS = '[0-9a-f]{4,6}(?:-[0-9a-f]{4,6})*';
const PICTOGRAPHS =
  '(?:\\p{Extended_Pictographic}|\\p{Regional_Indicator})(?:\\p{Extended_Pictographic}|\\p{Emoji_Component}|\\ufe0f|\\u20e3|\\u200d)*';
const EMOJI = new RegExp(`^(?:${CODE_POINTS}|${PICTOGRAPHS})$`, 'iu');

const ajv = new Ajv({ strict: false, allErrors: false });
addFormats(ajv, ['uri', 'date-time']);
ajv.addFormat('emoji', EMOJI);
ajv.addSchema({ $id: 'gitbook', components: { schemas: INPUT } });

const validators = new Map<string, ValidateFunction>();
function validator(schema: string, property: string): ValidateFunction {
  const key = `${schema}/${property}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `gitbook#/components/schemas/${schema}/properties/${property}` });
    validators.set(key, validate);
  }
  return validate;
}

const DEPTH = (e: ErrorObject) => e.instancePath.split('/').length;
const BRANCHING = new Set(['oneOf', 'anyOf', 'if', 'not']);

/** One message for ajv's errors: the deepest that is not about branches, with the field's full path. */
function messageOf(errors: ErrorObject[], field: string): string {
  const sorted = [...errors].sort((a, b) => DEPTH(b) - DEPTH(a));
  const error = sorted.find((e) => !BRANCHING.has(e.keyword)) ?? sorted[0]!;
  const path = `${field}${error.instancePath.replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.')}`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${path}.${String(params.additionalProperty)} is not a known field`;
    case 'required':
      return `${path}.${String(params.missingProperty)} is required`;
    case 'enum':
      return `${path} must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'propertyNames':
      return `${path} has a key that is not one of GitBook's languages (${String(params.propertyName)})`;
    default:
      return `${path} ${error.message ?? 'is invalid'}`;
  }
}

/**
 * What is wrong with `value` as `property` of GitBook's schema `schema` (SiteCustomizationSettingsBase,
 * SiteSpaceCustomizationOverride, CreateSiteRedirectBody...), in a message naming the field, or null when it is right.
 */
export function gitbookProblem(schema: string, property: string, value: unknown): string | null {
  const validate = validator(schema, property);
  return validate(value) ? null : messageOf(validate.errors ?? [], property);
}

/** The properties of one of the schemas, and which it requires. */
export function propertiesOf(schema: string): { names: string[]; required: ReadonlySet<string> } {
  const { properties, required } = SCHEMAS[schema] as { properties: Schema; required?: string[] };
  return { names: Object.keys(properties), required: new Set(required ?? []) };
}

const resolved = (ref: string, input: boolean): Schema => (input ? TAKEN : SCHEMAS)[ref.split('/').pop()!]!;

/**
 * A schema in OpenAPI 3.0 words, references inlined (these schemas are not recursive): `type: [t,
 * 'null']` and a `{ type: 'null' }` branch become `nullable`, and a map keyed by an enum of
 * languages (`propertyNames`) its properties. `input`: the closed and bounded rules this server
 * checks; otherwise GitBook's, as answers follow them.
 */
export function openApiSchema(schema: unknown, input: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((s) => openApiSchema(s, input));
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === 'string') {
    const { $ref, ...siblings } = schema;
    const target = input ? (closed(resolved($ref, true)) as Schema) : resolved($ref, false);
    return openApiSchema({ ...target, ...siblings }, input);
  }
  const source = input ? (closed(schema) as Schema) : schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, openApiSchema(v, input)]));
    } else out[key] = openApiSchema(value, input);
  }
  if (Array.isArray(out.type)) {
    const types = (out.type as string[]).filter((t) => t !== 'null');
    if (types.length < out.type.length) out.nullable = true;
    out.type = types.length === 1 ? types[0] : types;
  }
  if (Array.isArray(out.oneOf)) {
    const branches = (out.oneOf as Schema[]).filter((b) => b.type !== 'null');
    if (branches.length < (out.oneOf as unknown[]).length) {
      delete out.oneOf;
      if (branches.length === 1) Object.assign(out, branches[0], { nullable: true });
      else if (typeOf({ oneOf: branches })) Object.assign(out, { oneOf: branches, nullable: true });
      // Branches of several types: null is a branch of its own, in 3.0 words.
      else out.oneOf = [...branches, { type: 'string', nullable: true, enum: [null] }];
    }
  }
  // OpenAPI 3.0 wants a type beside nullable, which Nest's swagger drops beside a oneOf: null is a branch of its own there.
  if (out.nullable === true && Array.isArray(out.oneOf)) {
    delete out.nullable;
    out.oneOf = [...(out.oneOf as Schema[]), { type: typeOf(out) ?? 'string', nullable: true, enum: [null] }];
  }
  // A colour is `#rgb` or `#rrggbb`: the document shows one, so a client (or a test) reading it can write a valid body.
  if (out.pattern === HEX_COLOR && out.example === undefined) out.example = '#346ddb';
  if (isObject(out.propertyNames)) {
    const keys = ((out.propertyNames as Schema).enum ?? []) as string[];
    const each = out.additionalProperties;
    delete out.propertyNames;
    out.properties = Object.fromEntries(keys.map((k) => [k, each]));
    out.additionalProperties = false;
  }
  return out;
}

/** The type a schema's values all have (its own, or the one all its branches share), if any. */
function typeOf(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  const types = new Set(((schema.oneOf ?? []) as Schema[]).map(typeOf));
  return types.size === 1 ? [...types][0] : undefined;
}

/** A property of one of the schemas, for the served document. */
export const openApiProperty = (schema: string, property: string, input: boolean): Schema =>
  openApiSchema((SCHEMAS[schema]!.properties as Schema)[property], input) as Schema;
