import Ajv, { ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
/** DOCS_VALIDATORS_CACHE names another folder (a measurement's cold run need not clear the shared one). */
const CACHE = process.env.DOCS_VALIDATORS_CACHE || join(ROOT, 'node_modules', '.cache', 'docs-validators');
const AJV_VERSION = (require('ajv/package.json') as { version: string }).version;
const sha1 = (...parts: Array<string | Buffer>) => parts.reduce((hash, part) => hash.update(part), createHash('sha1')).digest('hex');

/**
 * Ajv validators compiled once per document and kept as standalone code in node_modules/.cache:
 * compiling a schema of a large OpenAPI document takes Ajv up to a second, and every e2e file
 * validates the same schemas. The folder is named by everything the code depends on (Ajv's
 * version, the document, the code that sets Ajv up), so a change to any of them compiles afresh.
 */
export class CompiledValidators {
  private readonly dir: string;
  private readonly loaded = new Map<string, ValidateFunction>();
  private ajv: Ajv | null = null;

  /** `setup`: makes the Ajv instance (with `code: { source: true }`); `key`: what the schemas depend on. */
  constructor(
    kind: string,
    key: Array<string | Buffer>,
    private readonly setup: () => Ajv,
  ) {
    this.dir = join(CACHE, kind, sha1(AJV_VERSION, readFileSync(__filename), ...key).slice(0, 16));
  }

  /** The validator of `schema` under `name` (unique within the document). */
  validator(name: string, schema: () => object): ValidateFunction {
    let validate = this.loaded.get(name);
    if (validate) return validate;
    const file = join(this.dir, `${sha1(name)}.js`);
    try {
      validate = require(file) as ValidateFunction;
    } catch {
      this.ajv ??= this.setup();
      validate = this.ajv.compile(schema());
      mkdirSync(this.dir, { recursive: true });
      const temporary = `${file}.${process.pid}`;
      writeFileSync(temporary, standaloneCode(this.ajv, validate));
      renameSync(temporary, file); // atomic: a worker reading it meanwhile sees all of it or nothing
    }
    this.loaded.set(name, validate);
    return validate;
  }
}
