import Ajv, { ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
/**
 * DOCS_VALIDATORS_CACHE names another folder (a measurement's cold run need not clear the shared
 * one). Keep it in the project's node_modules: the compiled code requires ajv's and ajv-formats'
 * runtime from there, and jest compiles every file it loads from outside node_modules.
 */
const CACHE = process.env.DOCS_VALIDATORS_CACHE || join(ROOT, 'node_modules', '.cache', 'docs-validators');
const STALE_LOCK_MS = 60_000;
const AJV_VERSION = (require('ajv/package.json') as { version: string }).version;
const sha1 = (...parts: Array<string | Buffer>) => parts.reduce((hash, part) => hash.update(part), createHash('sha1')).digest('hex');
/** The test environment's (test/support/node-environment.js): loads a module once per worker, not once per test file. */
declare const loadOncePerWorker: ((file: string) => unknown) | undefined;
const loadShared = (file: string) => (typeof loadOncePerWorker === 'function' ? loadOncePerWorker(file) : require(file));
/** A validator's name in the module of all, by its schema: names whose schemas are the same share one. */
const exportName = (schema: object) => `v${sha1(JSON.stringify(schema))}`;

/**
 * Ajv validators compiled once per document and kept as standalone code in node_modules/.cache:
 * compiling a schema of a large OpenAPI document takes Ajv up to a second, and every e2e file
 * validates the same schemas. The folder is named by everything the code depends on (Ajv's
 * version, the document, the code that sets Ajv up), so a change to any of them compiles afresh.
 *
 * All of a document's validators are compiled together, in one Ajv instance, into one module
 * (`compileAll`: jest's global setup does it for GitBook's document, the first test file that reads
 * the served document for that one), which each worker loads once. One at a time, every test file
 * compiled again the schemas its validators share (GitBook's ChangeRequest: some 0.5 CPU-s), and
 * workers sometimes the same one at the same time (issue #24). A name the module lacks is compiled
 * on its own, on first use.
 */
export class CompiledValidators {
  /** Where this document's compiled code is kept. */
  readonly folder: string;
  private readonly loaded = new Map<string, ValidateFunction>();
  /** The module of all validators: undefined until looked for, null when there is none. */
  private all: Record<string, ValidateFunction> | null | undefined;
  private ajv: Ajv | null = null;

  /** `setup`: makes the Ajv instance (with `code: { source: true }`); `key`: what the schemas depend on. */
  constructor(
    kind: string,
    key: Array<string | Buffer>,
    private readonly setup: () => Ajv,
  ) {
    this.folder = join(CACHE, kind, sha1(AJV_VERSION, readFileSync(__filename), ...key).slice(0, 16));
  }

  private get allFile(): string {
    return join(this.folder, 'all.js');
  }

  /** The validator of `schema` under `name` (unique within the document). */
  validator(name: string, schema: () => object): ValidateFunction {
    let validate = this.loaded.get(name);
    if (validate) return validate;
    const wanted = schema();
    validate = this.fromAll(wanted) ?? this.alone(name, wanted);
    this.loaded.set(name, validate);
    return validate;
  }

  /**
   * Compiles the validators of all `schemas` into one module, unless it exists: where `validator`
   * then finds them. True when it compiled.
   */
  compileAll(schemas: () => Iterable<object>): boolean {
    if (existsSync(this.allFile) || !this.lock()) return false;
    try {
      this.writeAll(schemas());
    } finally {
      rmSync(this.lockFile, { force: true });
    }
    return true;
  }

  private get lockFile(): string {
    return `${this.allFile}.lock`;
  }

  /**
   * Whether this process may compile the module: workers that start together read the served
   * document together, and one compiling it is enough (the others compile what they use meanwhile).
   * A lock older than a minute was left by a process that stopped before it was done.
   */
  private lock(): boolean {
    mkdirSync(this.folder, { recursive: true });
    try {
      if (Date.now() - statSync(this.lockFile).mtimeMs > STALE_LOCK_MS) rmSync(this.lockFile, { force: true });
    } catch {} // no lock
    try {
      closeSync(openSync(this.lockFile, 'wx'));
      return true;
    } catch {
      return false;
    }
  }

  private writeAll(schemas: Iterable<object>): void {
    const ajv = this.setup();
    const exported: Record<string, string> = {};
    for (const schema of schemas) {
      const key = exportName(schema);
      if (Object.hasOwn(exported, key)) continue;
      ajv.addSchema(schema, key);
      exported[key] = key;
    }
    this.write(this.allFile, standaloneCode(ajv, exported));
  }

  private fromAll(schema: object): ValidateFunction | undefined {
    if (this.all === undefined) this.all = existsSync(this.allFile) ? (loadShared(this.allFile) as Record<string, ValidateFunction>) : null;
    const key = exportName(schema);
    return this.all && Object.hasOwn(this.all, key) ? this.all[key] : undefined;
  }

  /** The validator of `schema` compiled on its own, under `name`. */
  private alone(name: string, schema: object): ValidateFunction {
    const file = join(this.folder, `${sha1(name)}.js`);
    if (existsSync(file)) return require(file) as ValidateFunction;
    this.ajv ??= this.setup();
    const validate = this.ajv.compile(schema);
    this.write(file, standaloneCode(this.ajv, validate));
    return validate;
  }

  private write(file: string, code: string): void {
    mkdirSync(this.folder, { recursive: true });
    const temporary = `${file}.${process.pid}`;
    writeFileSync(temporary, code);
    renameSync(temporary, file); // atomic: a worker reading it meanwhile sees all of it or nothing
  }
}
