import { Logger } from '@nestjs/common';
import { AppConfig, BackgroundJobs, conflict, FindResult, loadConfig } from '@docs/platform';
import { SpaceDoc, SpacesReadModel } from './reads/spaces.read-model';
import { SpacePurgeJob } from './space-purge-job';
import { SpaceRetention } from './space-retention';
import { SpaceWriter } from './space-writer';

const CUTOFF = '2026-01-08T00:00:00.000Z';

function job(role: AppConfig['role'], due: string[], refuse: string[] = []) {
  const config = { ...loadConfig({}), role, spacePurgeIntervalMs: 60_000 };
  const purged: string[] = [];
  const pages = [due.slice(0, 2), due.slice(2)];
  const spaces = {
    deletedBefore: jest.fn(async (_cutoff: string, page: { after?: string }): Promise<FindResult<SpaceDoc>> => {
      const index = page.after ? 1 : 0;
      const items = pages[index]!.map((id) => ({ id }) as SpaceDoc);
      return { items, count: due.length, ...(index === 0 && pages[1]!.length > 0 ? { next: 'p2' } : {}) };
    }),
  } as unknown as SpacesReadModel;
  const writer = {
    execute: jest.fn(async (id: string, command: { type: string; retentionCutoff: string }, ctx: { actor: string }) => {
      expect(command).toEqual({ type: 'PurgeSpace', retentionCutoff: CUTOFF });
      expect(ctx.actor).toBe('system');
      if (refuse.includes(id)) throw conflict('the space is not deleted');
      purged.push(id);
    }),
  } as unknown as SpaceWriter;
  const retention = { cutoff: () => CUTOFF } as SpaceRetention;
  return { job: new SpacePurgeJob(new BackgroundJobs(config), spaces, writer, retention), purged, spaces };
}

describe('the space purge job', () => {
  beforeAll(() => Logger.overrideLogger(false));
  it('purges every space due, page after page, as system, skipping those restored meanwhile', async () => {
    const { job: purge, purged } = job('all', ['s1', 's2', 's3'], ['s2']);
    expect(await purge.runOnce()).toBe(2);
    expect(purged).toEqual(['s1', 's3']);
  });

  it('runs once at start-up where projections run, and never in API-only processes', async () => {
    const all = job('all', ['s1']);
    all.job.onApplicationBootstrap();
    await new Promise((r) => setImmediate(r));
    await all.job.beforeApplicationShutdown();
    expect(all.purged).toEqual(['s1']);

    const api = job('api', ['s1']);
    api.job.onApplicationBootstrap();
    await new Promise((r) => setImmediate(r));
    await api.job.beforeApplicationShutdown();
    expect(api.spaces.deletedBefore).not.toHaveBeenCalled();
  });

  it('does nothing once shutting down', async () => {
    const { job: purge, purged } = job('all', ['s1']);
    await purge.beforeApplicationShutdown();
    expect(await purge.runOnce()).toBe(0);
    expect(purged).toEqual([]);
  });
});
