// `npm test`: builds (swc), lints, then runs the type check and jest side by side. jest's workers
// leave CPU idle while they wait on the e2e hosts and the processes their suites start; the type
// checker runs in that idle time at the lowest priority (nice 19), so on an idle machine it costs
// the run little of its own. On a busy machine a niced checker may get no CPU at all: if it has not
// finished when jest does, it is stopped and run again at normal priority. Its report is printed
// once jest is done (or at once, when it fails). Arguments go to jest. Fails when the build, the
// lint, the type check or a test fails.
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

/** The type check, niced (where `nice` exists) unless `niced` is false; `stop()` ends it early. */
function typecheck(niced) {
  const hasNice = niced && process.platform !== 'win32' && spawnSync('nice', ['true']).status === 0;
  const child = hasNice ? spawn('nice', ['-n', '19', ...TSC], { cwd: ROOT }) : spawn(TSC[0], TSC.slice(1), { cwd: ROOT });
  let output = '';
  let stopped = false;
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const done = new Promise((resolve) =>
    child.on('close', (code) => {
      if (stopped) return resolve(null);
      if (code !== 0) process.stderr.write(`\nnpm test: the type check failed (jest goes on; npm test will fail):\n${output}\n`);
      resolve({ code, output });
    }),
  );
  const stop = () => {
    stopped = true;
    child.kill();
  };
  return { done, stop };
}

function jest(args) {
  const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...args], { cwd: ROOT, stdio: 'inherit' });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

async function main() {
  runSync('the build', process.execPath, [join(ROOT, 'scripts', 'build.js')]);
  runSync('the lint', 'npm', ['run', '-s', 'lint']);
  const beside = typecheck(true);
  let checked = null;
  void beside.done.then((result) => (checked = result));
  const tested = await jest(process.argv.slice(2));
  if (checked === null) {
    // Still running: the machine was too busy to give the niced checker its share. Run it in earnest.
    beside.stop();
    await beside.done;
    process.stdout.write('npm test: the type check had not finished beside jest; running it now\n');
    checked = await typecheck(false).done;
  }
  if (checked.code === 0) process.stdout.write('npm test: the type check passed (tsc --noEmit)\n');
  else process.stderr.write('npm test: the type check failed: its errors are printed above\n');
  process.exit(checked.code !== 0 ? checked.code || 1 : tested);
}

main();
