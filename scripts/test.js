// `npm test`: builds (swc), lints, then runs the type check and jest side by side. jest's workers
// leave CPU idle while they wait on the e2e hosts and the processes their suites start; the type
// checker runs in that idle time at the lowest priority (nice 19), so it costs the run little of
// its own. Its report is printed once jest is done (or at once, when it fails). Arguments go to jest.
// Fails when the build, the lint, the type check or a test fails.
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

/** The type check, niced where `nice` exists: its output is kept for after jest's. */
function typecheck() {
  const tsc = [bin('tsc'), '-p', 'tsconfig.json', '--noEmit'];
  const hasNice = process.platform !== 'win32' && spawnSync('nice', ['true']).status === 0;
  const child = hasNice ? spawn('nice', ['-n', '19', ...tsc], { cwd: ROOT }) : spawn(tsc[0], tsc.slice(1), { cwd: ROOT });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      if (code !== 0) process.stderr.write(`\nnpm test: the type check failed (jest goes on; npm test will fail):\n${output}\n`);
      resolve({ code, output });
    }),
  );
}

function jest(args) {
  const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...args], { cwd: ROOT, stdio: 'inherit' });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

async function main() {
  runSync('the build', process.execPath, [join(ROOT, 'scripts', 'build.js')]);
  runSync('the lint', 'npm', ['run', '-s', 'lint']);
  const [checked, tested] = await Promise.all([typecheck(), jest(process.argv.slice(2))]);
  if (checked.code === 0) process.stdout.write('npm test: the type check passed (tsc --noEmit)\n');
  else process.stderr.write('npm test: the type check failed: its errors are printed above\n');
  process.exit(checked.code !== 0 ? checked.code || 1 : tested);
}

main();
