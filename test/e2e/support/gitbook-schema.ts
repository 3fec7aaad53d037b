import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Validates response bodies against the schemas of GitBook's published OpenAPI document
 * (`@gitbook/api`, spec/openapi.json), so GitBook API clients can rely on our answers.
 *
 * Compiling a schema of that document takes Ajv about a second, so each validator is compiled once
 * per version of the document, of Ajv and of this file, as standalone code in node_modules/.cache, and every
 * later test file (and run) loads the compiled code.
 */
const SPEC_FILE = require.resolve('@gitbook/api/spec/openapi.json');
const specText = readFileSync(SPEC_FILE, 'utf8');
const spec = JSON.parse(specText);
const AJV_VERSION = (require('ajv/package.json') as { version: string }).version;
const CACHE = join(
  __dirname, '..', '..', '..', 'node_modules', '.cache', 'docs-gitbook-validators',
  createHash('sha1').update(AJV_VERSION).update(readFileSync(__filename)).update(specText).digest('hex').slice(0, 16),
);

let ajv: Ajv | null = null;

/** OpenAPI 3.0's `nullable` has no JSON Schema meaning; 3.1 documents use type: null, which Ajv knows. */
function compiler(): Ajv {
  if (ajv) return ajv;
  ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, code: { source: true } });
  addFormats(ajv);
  // GitBook's own formats, which only document intent: an emoji (a character or code point) and an icon name.
  ajv.addFormat('emoji', true);
  ajv.addFormat('icon', true);
  ajv.addSchema({ $id: 'gitbook', components: spec.components }, 'gitbook');
  return ajv;
}

/** The validator of one schema: compiled code from the cache, or compiled now and written there. */
function compiled(schemaName: string): ValidateFunction {
  const file = join(CACHE, `${schemaName}.js`);
  try {
    return require(file) as ValidateFunction;
  } catch {
    const validate = compiler().compile({ $ref: `gitbook#/components/schemas/${schemaName}` });
    mkdirSync(CACHE, { recursive: true });
    const temporary = `${file}.${process.pid}`;
    writeFileSync(temporary, standaloneCode(compiler(), validate));
    renameSync(temporary, file);
    return validate;
  }
}

const cache = new Map<string, ValidateFunction>();

export function gitbookSchemaErrors(schemaName: string, value: unknown): string[] {
  let validate = cache.get(schemaName);
  if (!validate) {
    if (!Object.hasOwn(spec.components.schemas, schemaName)) throw new Error(`GitBook's OpenAPI document has no schema ${schemaName}`);
    validate = compiled(schemaName);
    cache.set(schemaName, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** jest: expect(value) to match GitBook's schema `schemaName`. */
export function expectGitbookSchema(schemaName: string, value: unknown): void {
  expect(gitbookSchemaErrors(schemaName, value)).toEqual([]);
}
