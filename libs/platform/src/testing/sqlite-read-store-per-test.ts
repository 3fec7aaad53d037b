import { ProjectionState } from '../read-store/read-store';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { temporaryFolderPerTest } from './temporary-folder';

/** The state a projection saves when it starts on an empty log (with `overrides`). */
export const startingState = (name: string, overrides: Partial<ProjectionState> = {}): ProjectionState => ({
  name,
  version: 1,
  generation: 0,
  checkpoint: null,
  status: 'running',
  error: null,
  updatedAt: '2024-01-01T00:00:00.000Z',
  ...overrides,
});

/** A SQLite read store on a file of its own. A test may close it and put another in `store` (on `file`). */
export interface TemporaryReadStore {
  dir: string;
  file: string;
  store: SqliteReadStore;
}

/**
 * For each test of the enclosing `describe`, a SQLite read store in a fresh temporary folder, prepared by `setUp`;
 * after the test, the store there last is closed and the folder removed.
 */
export function sqliteReadStorePerTest(
  folderPrefix: string,
  setUp: (store: SqliteReadStore) => Promise<void> = async () => {},
): TemporaryReadStore {
  const folder = temporaryFolderPerTest(folderPrefix);
  const at = {} as TemporaryReadStore;
  beforeEach(async () => {
    at.dir = folder.dir;
    at.file = folder.path('r.sqlite');
    at.store = new SqliteReadStore({ file: at.file });
    folder.afterTest(() => at.store.close());
    await setUp(at.store);
  });
  return at;
}
