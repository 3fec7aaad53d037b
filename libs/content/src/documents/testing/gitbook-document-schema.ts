import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * GitBook's own schema of a document (`JSONDocument` in `@gitbook/api`'s spec/openapi.json), as an
 * Ajv validator. Compiling it takes Ajv seconds, so the compiled code is kept in
 * node_modules/.cache, named by what it depends on (Ajv's version, GitBook's document, this file).
 */
const specPath = require.resolve('@gitbook/api/spec/openapi.json');

function compiled(): ValidateFunction {
  const specText = readFileSync(specPath, 'utf8');
  const key = createHash('sha1')
    .update((require('ajv/package.json') as { version: string }).version)
    .update(specText)
    .update(readFileSync(__filename))
    .digest('hex')
    .slice(0, 16);
  const file = join(dirname(specPath), '..', '..', '..', '.cache', 'docs-validators', 'json-document', `${key}.js`);
  try {
    return require(file) as ValidateFunction;
  } catch {
    // Without allErrors: GitBook's schema nests oneOf in oneOf, and weighing every branch fully costs a second a document.
    const ajv = new Ajv({ strict: false, allErrors: false, code: { source: true } });
    addFormats(ajv);
    // GitBook's own formats only document intent: an emoji and an icon name.
    ajv.addFormat('emoji', true);
    ajv.addFormat('icon', true);
    ajv.addSchema({ $id: 'gitbook', components: JSON.parse(specText).components }, 'gitbook');
    const validate = ajv.compile({ $ref: 'gitbook#/components/schemas/JSONDocument' });
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}`;
    writeFileSync(temporary, standaloneCode(ajv, validate));
    renameSync(temporary, file); // atomic: another worker sees all of it or nothing
    return validate;
  }
}

let validator: ValidateFunction | undefined;

/** What GitBook's schema finds wrong with `value` as a `JSONDocument` (none when it is one). */
export function gitbookDocumentErrors(value: unknown): string[] {
  validator ??= compiled();
  return validator(value)
    ? []
    : (validator.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
