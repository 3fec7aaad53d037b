// `npm run build`: compiles apps/, libs/ and test/bench/ to dist/ with swc (what tsconfig.build.json
// names; type-checking is `npm run typecheck`, which npm test runs), then records in dist/.built-from which
// sources the output was built from, so `npm start` (scripts/start.js) can tell whether dist/ is
// current without compiling. The record is a hash of every input's path, size and mtime: any edit,
// new or deleted file, or a file put back with an older time changes it.
'use strict';
const { createHash } = require('node:crypto');
const { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const DIST = join(ROOT, 'dist');
const RECORD = join(DIST, '.built-from');
/** What tsconfig.build.json compiles (its `include`), and what changes its output. */
const SOURCE_DIRS = ['apps', 'libs', join('test', 'bench')];
const CONFIG_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json'];
/** Files tsconfig.build.json excludes: editing them never changes dist/. */
const isBuildInput = (name) => name.endsWith('.ts') && !name.endsWith('.spec.ts');
/** What tsconfig.build.json leaves out besides specs: declarations and the libs' test helpers. */
const isCompiled = (file) => !file.endsWith('.d.ts') && !/[\\/]libs[\\/][^\\/]+[\\/]src[\\/]testing[\\/]/.test(file);
/** As tsc compiles with tsconfig.json: legacy decorators with their metadata (Nest's DI reads it), CommonJS, ES2022. */
const SWC_OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: true,
};

function inputs(root) {
  const files = CONFIG_FILES.map((f) => join(root, f)).filter((f) => existsSync(f));
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && isBuildInput(entry.name)) files.push(path);
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(join(root, dir))) walk(join(root, dir));
  return files.sort();
}

/** The sources as they are now: a hash of each input's path, size and modification time. */
function fingerprint(root = ROOT) {
  const hash = createHash('sha256');
  for (const file of inputs(root)) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${relative(root, file)}\t${size}\t${mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** True when dist/ was built, completely, from the sources as they are now. */
function isCurrent() {
  if (!existsSync(join(DIST, 'apps', 'api', 'main.js')) || !existsSync(RECORD)) return false;
  return readFileSync(RECORD, 'utf8').trim() === fingerprint();
}

/**
 * Compiles every input into a fresh dist/ (no output of a deleted source is left behind), and
 * records the sources as they were before the compiler read them (a file edited during the build
 * makes the record stale, so the next start builds again). Returns 0, or 1 when a file fails.
 */
function build() {
  const before = fingerprint();
  const swc = require('@swc/core');
  for (const dir of SOURCE_DIRS) rmSync(join(DIST, dir), { recursive: true, force: true });
  rmSync(RECORD, { force: true }); // an interrupted build leaves no record behind
  let failed = 0;
  for (const file of inputs(ROOT).filter((f) => f.endsWith('.ts') && isCompiled(f))) {
    const out = join(DIST, relative(ROOT, file)).replace(/\.ts$/, '.js');
    try {
      const { code, map } = swc.transformFileSync(file, { ...SWC_OPTIONS, filename: file, sourceFileName: relative(dirname(out), file) });
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, `${code}\n//# sourceMappingURL=${out.slice(dirname(out).length + 1)}.map\n`);
      writeFileSync(`${out}.map`, map);
    } catch (error) {
      failed += 1;
      process.stderr.write(`${relative(ROOT, file)}: ${error.message}\n`);
    }
  }
  if (failed > 0) return 1;
  writeFileSync(RECORD, `${before}\n`);
  return 0;
}

module.exports = { build, fingerprint, isCurrent };

if (require.main === module) process.exit(build());
