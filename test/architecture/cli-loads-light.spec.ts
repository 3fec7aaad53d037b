import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The operator CLI loads only what its command needs (issue #24): the projections come from
 * apps/api/projections.ts and each context's `@docs/<context>/projections`, the stores from
 * `@docs/platform/operations`, so a command that reads the stores starts in a fraction of a second
 * instead of loading every context's controllers, Nest, swagger, fonts and parsers (3-4 CPU-seconds).
 * This runs the built CLI (dist/, as the e2e suites and operators run it) on an empty data
 * directory and lists the packages each command loaded. It reads dist/: `npm test` builds first.
 *
 * Node's require.cache holds every CommonJS module and each ES module that CommonJS code requires;
 * an ES module only another ES module imports is not there, so Nest's packages besides
 * @nestjs/common (@nestjs/cqrs imports @nestjs/core) are refused as a whole.
 */
const ROOT = join(__dirname, '..', '..');
const MAIN = join(ROOT, 'dist', 'apps', 'cli', 'main.js');
/** The HTTP layer (Nest beyond its decorators, fastify, swagger), what only HTTP handlers use, and the servers' drivers. */
const SERVER_ONLY = new RegExp(
  '/node_modules/(@nestjs/(?!common/)[^/]+|fastify|@fastify/[^/]+|pdfkit|fontkit|isomorphic-git|highlight\\.js|cheerio|ajv|' +
    'mongodb|@eventstore/db-client)/',
);
const NEST = /\/node_modules\/@nestjs\//;

/** The packages of the loaded files that match `pattern`, each named once. */
const packagesAmong = (modules: string[], pattern: RegExp): string[] =>
  [...new Set(modules.filter((m) => pattern.test(m)).map((m) => /.*\/node_modules\/((@[^/]+\/)?[^/]+)\//.exec(m)![1]!))].sort();

/** Runs `npm run cli -- <args>` as package.json does, on an empty data directory; resolves to the files it loaded. */
function modulesLoadedBy(args: string[]): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cli-loads-'));
  const list = join(dir, 'modules.json');
  const script = `
    process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(Object.keys(require.cache))));
    process.argv.splice(1, 0, ${JSON.stringify(MAIN)});
    require(${JSON.stringify(MAIN)});
  `;
  // Embedded SQLite, whatever servers the environment names.
  const env: NodeJS.ProcessEnv = { ...process.env, TS_NODE_BASEURL: 'dist', DATA_DIR: join(dir, 'data') };
  delete env.EVENTSTORE_URL;
  delete env.MONGO_URL;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-r', 'tsconfig-paths/register', '-e', script, '--', ...args],
      { cwd: ROOT, env },
      (error, _stdout, stderr) => {
        try {
          if (error) throw new Error(`cli ${args.join(' ')} failed: ${stderr}`);
          resolve(JSON.parse(readFileSync(list, 'utf8')) as string[]);
        } catch (failure) {
          reject(failure);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    );
  });
}

describe('the operator CLI, built', () => {
  it.each([
    ['projections', 'list'],
    ['events', 'read', '--all', '--limit', '1'],
    ['events', 'types'],
  ])('%s %s loads no HTTP layer, Nest or server-only library', async (...args: string[]) => {
    const modules = await modulesLoadedBy(args);
    // It did open the stores (the list is what the command really ran on).
    expect(modules.some((m) => m.includes('/node_modules/better-sqlite3/'))).toBe(true);
    expect(packagesAmong(modules, SERVER_ONLY)).toEqual([]);
    expect(packagesAmong(modules, NEST)).toEqual([]);
  });

  it('tokens list loads no HTTP layer or server-only library (its writer kit uses @nestjs/common decorators)', async () => {
    const modules = await modulesLoadedBy(['tokens', 'list']);
    expect(modules.some((m) => m.includes('/node_modules/better-sqlite3/'))).toBe(true);
    expect(packagesAmong(modules, SERVER_ONLY)).toEqual([]);
  });
});
