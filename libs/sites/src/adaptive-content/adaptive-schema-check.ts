import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { MAX_ADAPTIVE_SCHEMA_JSON, UNREADABLE_NAMES } from '../sites/site.decider';

/**
 * Checks a site's adaptive schema with ajv (docs/sites-design.md, "Adaptive schema"): it must be a
 * valid draft-07 JSON Schema (ajv's meta-schema validation, `validateSchema`), then of the shape the
 * seed and GitBook (SiteAdaptiveJSONSchema) describe, itself checked by ajv against SHAPE below.
 */

/** Claim names a condition cannot read (the condition grammar refuses them). */
const CLAIM_NAMES = { not: { anyOf: [{ enum: UNREADABLE_NAMES }, { pattern: '^__' }] } };

const both = (type: string) => ({ required: ['type'], properties: { type: { const: type } } });
const plain = { type: true, description: true };

/**
 * GitBook's SiteAdaptiveJSONSchema, written with if/then on `type` (rather than its oneOf) so that
 * ajv names the one rule a claim breaks. Primitives: boolean; string (with an optional `enum` of
 * strings); number. Claims: a primitive; an array of a primitive; an object of claims. Every claim
 * has a `description`; objects have `additionalProperties: false`.
 */
const SHAPE = {
  $id: 'site-adaptive-json-schema',
  definitions: {
    primitive: {
      type: 'object',
      required: ['type', 'description'],
      properties: { type: { enum: ['boolean', 'string', 'number'] }, description: { type: 'string' } },
      allOf: [
        { if: both('boolean'), then: { properties: plain, additionalProperties: false } },
        { if: both('number'), then: { properties: plain, additionalProperties: false } },
        {
          if: both('string'),
          then: { properties: { ...plain, enum: { type: 'array', items: { type: 'string' } } }, additionalProperties: false },
        },
      ],
    },
    claim: {
      type: 'object',
      required: ['type', 'description'],
      properties: { type: { enum: ['boolean', 'string', 'number', 'array', 'object'] }, description: { type: 'string' } },
      allOf: [
        {
          if: { required: ['type'], properties: { type: { enum: ['boolean', 'string', 'number'] } } },
          then: { $ref: '#/definitions/primitive' },
        },
        {
          if: both('array'),
          then: { required: ['items'], properties: { ...plain, items: { $ref: '#/definitions/primitive' } }, additionalProperties: false },
        },
        { if: both('object'), then: { $ref: '#/definitions/object' } },
      ],
    },
    object: {
      type: 'object',
      required: ['type', 'description', 'properties', 'additionalProperties'],
      properties: {
        ...plain,
        properties: { type: 'object', propertyNames: CLAIM_NAMES, additionalProperties: { $ref: '#/definitions/claim' } },
        additionalProperties: { const: false },
      },
      additionalProperties: false,
    },
  },
  type: 'object',
  required: ['type', 'properties', 'additionalProperties'],
  properties: {
    $schema: { enum: ['http://json-schema.org/draft-07/schema#'] },
    type: { const: 'object' },
    properties: {
      type: 'object',
      propertyNames: CLAIM_NAMES,
      properties: {
        unsigned: {
          type: 'object',
          required: ['type', 'description', 'properties', 'additionalProperties'],
          properties: {
            type: { const: 'object' },
            description: { const: 'Unsigned claims of the site visitor.' },
            properties: { type: 'object', propertyNames: CLAIM_NAMES, additionalProperties: { $ref: '#/definitions/claim' } },
            additionalProperties: { const: false },
          },
        },
      },
      additionalProperties: { $ref: '#/definitions/claim' },
    },
    additionalProperties: { const: false },
  },
  additionalProperties: false,
};

const ajv = new Ajv({ allErrors: false, strict: false });
let shape: ValidateFunction | undefined;

/**
 * ajv's error text, paths from `jsonSchema`; the if/then bookkeeping errors left out, and a refused
 * claim name named (ajv's propertyNames error does not say which).
 */
function reasons(errors: ErrorObject[] | null | undefined): string {
  const useful = (errors ?? [])
    .filter((e) => e.keyword !== 'if' && e.propertyName === undefined)
    .map((e) =>
      e.keyword === 'propertyNames'
        ? { ...e, message: `property name '${String(e.params.propertyName)}' is not allowed (conditions cannot read it)` }
        : e,
    );
  return ajv.errorsText(useful.length > 0 ? useful : errors, { dataVar: 'jsonSchema' });
}

/**
 * What is wrong with an adaptive schema (ajv's error text, with its path from `jsonSchema`); null
 * when it is a draft-07 schema of the adaptive shape. Never throws.
 */
export function adaptiveSchemaProblem(jsonSchema: unknown): string | null {
  if (typeof jsonSchema !== 'object' || jsonSchema === null || Array.isArray(jsonSchema)) return 'must be an object';
  if (JSON.stringify(jsonSchema).length > MAX_ADAPTIVE_SCHEMA_JSON) return `must be at most ${MAX_ADAPTIVE_SCHEMA_JSON} characters of JSON`;
  try {
    if (!ajv.validateSchema(jsonSchema)) return `not a valid draft-07 JSON schema: ${reasons(ajv.errors)}`;
  } catch (error) {
    // ajv throws for a $schema it does not know (another draft) or that is not a string.
    if (error instanceof RangeError) return 'nested too deeply';
    return `not a valid draft-07 JSON schema: jsonSchema/$schema: ${error instanceof Error ? error.message : String(error)}`;
  }
  try {
    shape ??= ajv.compile(SHAPE);
    if (!shape(jsonSchema)) return `not an adaptive schema: ${reasons(shape.errors)}`;
  } catch (error) {
    if (error instanceof RangeError) return 'nested too deeply';
    throw error;
  }
  return null;
}
