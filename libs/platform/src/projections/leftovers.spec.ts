import { ProjectionState } from '../read-store/read-store';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { ABANDONED_REPLAY_MS, dropLeftovers, findLeftovers } from './leftovers';
import { Projection } from './projection';
import { ProjectionRegistry } from './projection-registry';
import { temporaryFolderPerTest } from '../testing/temporary-folder';

describe('leftovers (projections leftovers, drop-leftovers)', () => {
  const tmp = temporaryFolderPerTest('leftovers-');
  let store: SqliteReadStore;
  beforeEach(() => {
    store = tmp.open(new SqliteReadStore({ file: tmp.path('r.sqlite') }));
  });

  const projection = (name: string, version: number, collections: string[]): Projection => ({
    name,
    version,
    collections: collections.map((c) => ({ name: c })),
    handles: [],
    apply: async () => undefined,
  });
  const registry = new ProjectionRegistry([projection('users', 2, ['users', 'api_tokens']), projection('teams', 1, ['teams'])]);
  const now = Date.parse('2026-03-01T12:00:00.000Z');
  const state = (name: string, overrides: Partial<ProjectionState>): ProjectionState => ({
    name,
    version: 1,
    generation: 0,
    checkpoint: 10n,
    status: 'running',
    error: null,
    updatedAt: new Date(now).toISOString(),
    ...overrides,
  });
  const parkIn = (stateName: string, projectionName: string, version: number, generation: number) =>
    store.commitBatch({ name: stateName, generation, checkpoint: 10n }, 11n, async () => undefined, {
      park: [
        {
          projection: projectionName,
          version,
          generation,
          eventId: `e-${generation}`,
          type: 'X',
          streamId: 's',
          position: 11n,
          error: 'boom',
          parkedAt: '2026-03-01T00:00:00.000Z',
          failedAt: '2026-03-01T00:00:00.000Z',
          attempts: 1,
        },
      ],
    });

  it('finds the generations no state points at, keeps those in use, and drops them', async () => {
    await store.ensureCollections(
      [
        'users_v2',
        'api_tokens_v2',
        'users_v2_g1',
        'api_tokens_v2_g1',
        'users_v2_g3',
        'users_v1',
        'teams_v1_g4',
        'teams_v1_g5',
        'gone_v1',
        'not_versioned',
      ].map((name) => ({ name })),
    );
    await store.saveProjectionState(state('users', { version: 2, generation: 1 }));
    await store.saveProjectionState(state('teams', { generation: 4, status: 'stopped' }));
    // A replay of teams in progress builds generation 5; one of users died while building generation 3.
    await store.saveProjectionState(state('teams:replay', { generation: 5, status: 'rebuilding' }));
    await store.saveProjectionState(
      state('users:replay', {
        version: 2,
        generation: 3,
        status: 'rebuilding',
        updatedAt: new Date(now - ABANDONED_REPLAY_MS - 1).toISOString(),
      }),
    );
    await parkIn('users', 'users', 2, 1);
    await store.saveProjectionState(state('old', { version: 2, generation: 0 }));
    await parkIn('old', 'users', 2, 0);

    const found = await findLeftovers(store, registry, now);
    expect(found.map((l) => [l.kind, l.name, l.generation])).toEqual([
      ['collection', 'api_tokens_v2', 0],
      ['collection', 'gone_v1', 0],
      ['collection', 'users_v1', 0],
      ['collection', 'users_v2', 0],
      ['collection', 'users_v2_g3', 3],
      ['parked', 'users', 0],
      ['replay', 'users:replay', 3],
    ]);
    expect(found.find((l) => l.name === 'gone_v1')!.reason).toBe('no projection declares collection gone');
    expect(found.find((l) => l.name === 'users_v2')!.reason).toBe('users is at version 2, generation 1');
    expect(found.find((l) => l.name === 'users_v2_g3')!.reason).toMatch(
      /^users is at version 2, generation 1; the replay building it made no progress since /,
    );
    expect(found.find((l) => l.kind === 'parked')).toMatchObject({ projection: 'users', version: 2, count: 1 });

    const dropped = await dropLeftovers(store, registry, undefined, now);
    expect(dropped).toHaveLength(7);
    expect(await store.listCollections()).toEqual(['api_tokens_v2_g1', 'not_versioned', 'teams_v1_g4', 'teams_v1_g5', 'users_v2_g1']);
    expect(await store.parkedGenerations()).toEqual([{ projection: 'users', version: 2, generation: 1, count: 1 }]);
    expect(await store.getProjectionState('users:replay')).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^abandoned: /),
    });
    expect(await findLeftovers(store, registry, now)).toEqual([]);
  });
});
