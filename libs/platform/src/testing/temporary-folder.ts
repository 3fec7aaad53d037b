import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The current test's temporary folder, and what to close before it is removed. */
export interface TemporaryFolder {
  readonly dir: string;
  /** The path of `name` in the folder. */
  path(name: string): string;
  /** Closes `closable` when the test ends, before the folder is removed; answers it. */
  open<T extends { close(): unknown }>(closable: T): T;
  /** Runs `cleanUp` when the test ends, before the folder is removed. */
  afterTest(cleanUp: () => unknown): void;
}

/**
 * For each test of the enclosing `describe`, a fresh temporary folder; after the test, what was opened in it is
 * closed (in the order it was opened) and the folder removed.
 */
export function temporaryFolderPerTest(prefix: string): TemporaryFolder {
  let dir: string | undefined;
  let cleanUps: (() => unknown)[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    const pending = cleanUps;
    cleanUps = [];
    try {
      for (const cleanUp of pending) await cleanUp();
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = undefined;
    }
  });
  const folder: TemporaryFolder = {
    get dir() {
      if (!dir) throw new Error(`temporary folder ${prefix}: used outside a test`);
      return dir;
    },
    path: (name) => join(folder.dir, name),
    open(closable) {
      cleanUps.push(() => closable.close());
      return closable;
    },
    afterTest(cleanUp) {
      cleanUps.push(cleanUp);
    },
  };
  return folder;
}
