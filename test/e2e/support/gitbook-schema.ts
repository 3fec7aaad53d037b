import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';

/**
 * Validates response bodies against the schemas of GitBook's published OpenAPI document
 * (`@gitbook/api`, spec/openapi.json), so GitBook API clients can rely on our answers.
 */
const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8'));

/** OpenAPI 3.0's `nullable` has no JSON Schema meaning; 3.1 documents use type: null, which Ajv knows. */
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
// GitBook's own formats, which only document intent: an emoji (a character or code point) and an icon name.
ajv.addFormat('emoji', true);
ajv.addFormat('icon', true);
ajv.addSchema({ $id: 'gitbook', components: spec.components }, 'gitbook');

const cache = new Map<string, ValidateFunction>();

export function gitbookSchemaErrors(schemaName: string, value: unknown): string[] {
  let validate = cache.get(schemaName);
  if (!validate) {
    if (!spec.components.schemas[schemaName]) throw new Error(`GitBook's OpenAPI document has no schema ${schemaName}`);
    validate = ajv.compile({ $ref: `gitbook#/components/schemas/${schemaName}` });
    cache.set(schemaName, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** jest: expect(value) to match GitBook's schema `schemaName`. */
export function expectGitbookSchema(schemaName: string, value: unknown): void {
  expect(gitbookSchemaErrors(schemaName, value)).toEqual([]);
}
