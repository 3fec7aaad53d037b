// `npm run build`: compiles with tsc (tsconfig.build.json), then records in dist/.built-from which
// sources the output was built from, so `npm start` (scripts/start.js) can tell whether dist/ is
// current without compiling. The record is a hash of every input's path, size and mtime: any edit,
// new or deleted file, or a file put back with an older time changes it.
'use strict';
const { createHash } = require('node:crypto');
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const DIST = join(ROOT, 'dist');
const RECORD = join(DIST, '.built-from');
/** What tsconfig.build.json compiles (its `include`), and what changes its output. */
const SOURCE_DIRS = ['apps', 'libs', join('test', 'bench')];
const CONFIG_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json'];
/** Files tsconfig.build.json excludes: editing them never changes dist/. */
const isBuildInput = (name) => name.endsWith('.ts') && !name.endsWith('.spec.ts');

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
 * Compiles, and records the sources as they were before tsc read them (a file edited during the
 * build makes the record stale, so the next start builds again). Returns tsc's exit code.
 */
function build() {
  const before = fingerprint();
  rmSync(RECORD, { force: true }); // an interrupted build leaves no record behind
  const tsc = require.resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  const code = result.status ?? 1;
  if (code === 0) writeFileSync(RECORD, `${before}\n`);
  return code;
}

module.exports = { build, fingerprint, isCurrent };

if (require.main === module) process.exit(build());
