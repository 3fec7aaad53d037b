import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteTokenUsageStore } from './token-usage-store';

describe('SqliteTokenUsageStore', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'docs-usage-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the latest use of each token, across connections (the server and the CLI)', async () => {
    const file = join(dir, 'token-usage.sqlite');
    const server = new SqliteTokenUsageStore({ file });
    await server.noteUse('t1', '2026-01-01T10:00:00.000Z');
    await server.noteUse('t1', '2026-01-01T09:00:00.000Z');
    await server.noteUse('t2', '2026-01-02T00:00:00.000Z');
    const cli = new SqliteTokenUsageStore({ file });
    expect(await cli.lastUsed(['t1', 't2', 't3'])).toEqual(
      new Map([
        ['t1', '2026-01-01T10:00:00.000Z'],
        ['t2', '2026-01-02T00:00:00.000Z'],
      ]),
    );
    expect(await cli.lastUsed([])).toEqual(new Map());
    await server.close();
    await cli.close();
  });
});
