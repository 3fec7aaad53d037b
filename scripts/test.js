// `npm test`: builds (swc), lints, then runs the type check and jest side by side. The type check
// (one process, some 50 CPU-seconds) runs at normal priority from the start: niced, it got no CPU
// beside jest's workers on 2 cores and ran after jest, some 40 s more of wall time (issue #24).
// Its report is printed once jest is done (or at once, when it fails). Arguments go to jest. Fails
// when the build, the lint, the type check or a test fails.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

function runSync(label, command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`npm test: ${label} failed\n`);
    process.exit(result.status ?? 1);
  }
}

const TSC = [bin('tsc'), '-p', 'tsconfig.json', '--noEmit'];

/** The type check, beside jest; its errors are printed as soon as it fails. */
function typecheck() {
  const child = spawn(TSC[0], TSC.slice(1), { cwd: ROOT });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const done = new Promise((resolve) =>
    child.on('close', (code) => {
      if (code !== 0) process.stderr.write(`\nnpm test: the type check failed (jest goes on; npm test will fail):\n${output}\n`);
      resolve({ code: code ?? 1, output });
    }),
  );
  return { done };
}

function jest(args) {
  const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...args], { cwd: ROOT, stdio: 'inherit' });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

async function main() {
  runSync('the build', process.execPath, [join(ROOT, 'scripts', 'build.js')]);
  runSync('the lint', 'npm', ['run', '-s', 'lint']);
  const checked = typecheck().done;
  const tested = await jest(process.argv.slice(2));
  const { code } = await checked;
  if (code === 0) process.stdout.write('npm test: the type check passed (tsc --noEmit)\n');
  else process.stderr.write('npm test: the type check failed: its errors are printed above\n');
  process.exit(code !== 0 ? code || 1 : tested);
}

main();
