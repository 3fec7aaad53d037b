import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';

/**
 * The static rules (boundaries.spec.ts) say what domain code may import; this checks the outcome at
 * run time: loading every domain module of every context, from the build `npm test` makes first,
 * loads no framework, driver or I/O module. Deciders stay runnable anywhere, a test or a script.
 * Domain modules are those .dependency-cruiser.js calls pure: the files of a context's `domain/`
 * folder, its published events (`src/events.ts`), and `*.decider`, `*.events`, `*.policy`, `*.domain`
 * files anywhere in its `src/`. It reads dist/: run it through `npm test`, which builds first.
 */
const ROOT = join(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const FORBIDDEN =
  /node_modules\/(@nestjs|@eventstore|@kurrent|mongodb|better-sqlite3|fastify|rxjs|class-validator|class-transformer|reflect-metadata)\//;

const SHARED_LIBS = new Set(['kernel', 'platform']);
/** A pure module, by its path inside `src/` (with `/` separators). */
const PURE = /^(domain\/.*|events|.*[^/]\.(decider|events|policy|domain))\.js$/;

function domainModules(): string[] {
  const libs = join(DIST, 'libs');
  return readdirSync(libs)
    .filter((lib) => !SHARED_LIBS.has(lib))
    .flatMap((lib) => {
      const src = join(libs, lib, 'src');
      try {
        return readdirSync(src, { recursive: true, encoding: 'utf8' })
          .filter((file) => PURE.test(file.split(sep).join('/')) && !file.endsWith('.spec.js'))
          .map((file) => join(src, file));
      } catch {
        return [];
      }
    });
}

/** In a fresh node process: the modules loaded by requiring `files`, and the builtins reached for. */
function loadAlone(files: string[]): { modules: string[]; builtins: string[] } {
  const script = `
    const Module = require('module');
    const builtins = new Set();
    const load = Module._load;
    Module._load = function (request, parent, ...rest) {
      const fromLibs = parent && parent.filename && parent.filename.startsWith(${JSON.stringify(join(DIST, 'libs'))});
      if (fromLibs && Module.isBuiltin(request)) builtins.add(request.replace(/^node:/, ''));
      return load.call(this, request, parent, ...rest);
    };
    require('tsconfig-paths').register({ baseUrl: ${JSON.stringify(DIST)}, paths: { '@docs/*': ['libs/*/src'] } });
    for (const file of ${JSON.stringify(files)}) require(file);
    process.stdout.write(JSON.stringify({ modules: Object.keys(require.cache), builtins: [...builtins] }));
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' })) as {
    modules: string[];
    builtins: string[];
  };
}

describe('domain modules', () => {
  it('load without any framework, driver or I/O module', () => {
    const files = domainModules();
    expect(files.length).toBeGreaterThan(0);
    const { modules, builtins } = loadAlone(files);
    expect(modules.filter((m) => FORBIDDEN.test(m))).toEqual([]);
    // The kernel hashes ids with node:crypto; nothing else of node's.
    expect(builtins.filter((b) => b !== 'crypto')).toEqual([]);
  });
});
