import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { CompiledValidators } from './compiled-validators';

/**
 * Validates response bodies against the schemas of GitBook's published OpenAPI document
 * (`@gitbook/api`, spec/openapi.json), so GitBook API clients can rely on our answers. Each
 * validator is compiled once, then loaded by every later test file (compiled-validators.ts).
 */
const specText = readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8');
const spec = JSON.parse(specText);

/** OpenAPI 3.0's `nullable` has no JSON Schema meaning; 3.1 documents use type: null, which Ajv knows. */
function compiler(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, code: { source: true } });
  addFormats(ajv);
  // GitBook's own formats, which only document intent: an emoji (a character or code point) and an icon name.
  ajv.addFormat('emoji', true);
  ajv.addFormat('icon', true);
  ajv.addSchema({ $id: 'gitbook', components: spec.components }, 'gitbook');
  return ajv;
}

const validators = new CompiledValidators('gitbook', [readFileSync(__filename), specText], compiler);

export function gitbookSchemaErrors(schemaName: string, value: unknown): string[] {
  if (!Object.hasOwn(spec.components.schemas, schemaName)) throw new Error(`GitBook's OpenAPI document has no schema ${schemaName}`);
  const validate = validators.validator(schemaName, () => ({ $ref: `gitbook#/components/schemas/${schemaName}` }));
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** jest: expect(value) to match GitBook's schema `schemaName`. */
export function expectGitbookSchema(schemaName: string, value: unknown): void {
  expect(gitbookSchemaErrors(schemaName, value)).toEqual([]);
}
