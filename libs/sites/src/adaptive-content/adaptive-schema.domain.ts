/**
 * A site's adaptive schema: the JSON Schema (draft-07) of the claims its visitors bring, which
 * adaptive content conditions read as `visitor.claims.<name>` (unsigned claims under
 * `visitor.claims.unsigned.<name>`). Whether a schema is valid, and of GitBook's shape
 * (SiteAdaptiveJSONSchema), is checked by the application with a JSON Schema library before the
 * decider sees it (docs/sites-design.md, "Adaptive schema"); here it is plain JSON.
 */

/** The JSON schema as PUT: a JSON object, stored and answered as given. */
export type AdaptiveJsonSchema = { [key: string]: unknown };

/** A suggested condition for a claim of the schema (GitBook's SiteAdaptiveTemplateCondition). */
export type TemplateCondition = { description: string; condition: string };

/**
 * Names a condition never reads, as identifiers or members (nor as claims of a schema): those of
 * Object.prototype's members, `prototype`, and any name starting with `__` (`__proto__`).
 */
export const UNREADABLE_NAMES: readonly string[] = [
  'constructor',
  'prototype',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
];
export const isUnreadableName = (name: string): boolean => UNREADABLE_NAMES.includes(name) || name.startsWith('__');

/** The largest schema accepted, as JSON text. */
export const MAX_ADAPTIVE_SCHEMA_JSON = 65_536;

type Claim = { type?: unknown; description?: unknown; enum?: unknown; items?: unknown; properties?: unknown };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `path.name`, or `path["odd name"]` when the name is not a plain identifier. */
const member = (path: string, name: string) => (IDENTIFIER.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`);

/** What a claim's description says, or its path when it has none. */
const described = (claim: Claim, path: string) =>
  typeof claim.description === 'string' && claim.description.trim() !== '' ? claim.description : path;

function claimConditions(name: string, claim: Claim, parent: string): TemplateCondition[] {
  const path = member(parent, name);
  const description = described(claim, path);
  switch (claim.type) {
    case 'boolean':
      return [
        { description, condition: path },
        { description: `Not: ${description}`, condition: `!${path}` },
      ];
    case 'string':
      return Array.isArray(claim.enum) && claim.enum.length > 0
        ? claim.enum
            .filter((v): v is string => typeof v === 'string')
            .map((value) => ({ description: `${description}: ${value}`, condition: `${path} === ${JSON.stringify(value)}` }))
        : [{ description: `${description} is set`, condition: `${path} !== undefined && ${path} !== ""` }];
    case 'number':
      return [{ description: `${description} is above 0`, condition: `${path} > 0` }];
    case 'array':
      return [{ description: `${description} is not empty`, condition: `${path}.length > 0` }];
    case 'object':
      return propertiesConditions(claim.properties, path);
    default:
      return [];
  }
}

function propertiesConditions(properties: unknown, path: string): TemplateCondition[] {
  if (!isObject(properties)) return [];
  return Object.entries(properties).flatMap(([name, claim]) => (isObject(claim) ? claimConditions(name, claim, path) : []));
}

/**
 * The template conditions of a schema, derived from its properties in order: a boolean claim gives
 * the claim and its negation, a string claim with `enum` one equality per value (without, "is set"),
 * a number `> 0`, an array "is not empty", an object its own claims under its path; the `unsigned`
 * object's claims read `visitor.claims.unsigned.<name>`. Each one is a condition the grammar accepts.
 */
export function templateConditionsOf(jsonSchema: AdaptiveJsonSchema | null): TemplateCondition[] {
  if (jsonSchema === null) return [];
  return propertiesConditions(jsonSchema.properties, 'visitor.claims');
}
