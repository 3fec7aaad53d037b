import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every work task module loads in a work thread of the built server, started as `npm start` starts
 * it: tsconfig-paths registered in the main thread only, so a task module that imports `@docs/...`
 * relies on the work thread's own alias mapping (libs/platform/src/work/worker-source.ts). Under
 * jest the threads compile the sources, so only the build shows it (the sites renderer's task once
 * failed there with "Cannot find module '@docs/kernel'"). It reads dist/: `npm test` builds first.
 */
const DIST = join(__dirname, '..', '..', 'dist');

function taskModules(): string[] {
  const libs = join(DIST, 'libs');
  return readdirSync(libs, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.task.js'))
    .map((file) => join(libs, file));
}

/** Asks a pool of the build for an export no module has: the answer says whether the module loaded. */
function loadInThreads(modules: string[]): string[] {
  const script = `
    const { WorkPool } = require(${JSON.stringify(join(DIST, 'libs/platform/src/work/work-pool.js'))});
    const pool = new WorkPool({ threads: 1, maxQueued: 1000, maxPerKey: 1000, memoryMb: 256 });
    const modules = ${JSON.stringify(modules)};
    Promise.all(modules.map((m) => pool.run(m, 'noSuchTask', null, { budgetMs: 60000 }).then(() => 'ran', (e) => e.message)))
      .then((answers) => { process.stdout.write(JSON.stringify(answers)); process.exit(0); });
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as string[];
}

describe('work task modules in the build', () => {
  it('each loads in a work thread of a process without tsconfig-paths', () => {
    const modules = taskModules();
    expect(modules.length).toBeGreaterThan(3);
    const answers = loadInThreads(modules);
    expect(answers).toEqual(modules.map((m) => `no task noSuchTask in ${m}`));
  });
});
