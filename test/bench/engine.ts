/**
 * Child process: the storage engine without HTTP. (5) projection replay speed and (6) command to
 * read-model lag, on the embedded SQLite adapters in a fresh temporary directory, through the
 * platform's ports (EventStore, ReadStore, ProjectionRunner, ProjectionReplayer).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventStore, NewEvent, ProjectionRegistry, ProjectionReplayer, ProjectionRunner, randomUUID, ReadModels } from '@docs/platform';
import { SqliteEventStore } from '@docs/platform/event-store/sqlite-event-store';
import { SqliteReadStore } from '@docs/platform/read-store/sqlite-read-store';
import { ALL_PROJECTIONS } from '../../apps/api/app.module';
import { ChildRequest, reply } from './ipc';

export interface ReplayFigures {
  events: number;
  eventsPerSecond: number;
  seconds: number;
  appendSeconds: number;
}

export interface LagFigures {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const meta = (actor: string) => ({
  schemaVersion: 1,
  actor,
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
});

const userId = (i: number) => `benchuser${i}`;

function userRegistered(i: number): NewEvent {
  return {
    type: 'UserRegistered',
    data: { userId: userId(i), email: `user${i}@bench.test`, displayName: `User ${i}` },
    metadata: meta('system'),
  };
}

/** An organization's stream as the organizations context writes it: created, members joining, settings changes. */
function organizationStream(org: number, members: number, changes: number, users: number): NewEvent[] {
  const organizationId = `benchorg${org}`;
  const admin = userId(org % users);
  const events: NewEvent[] = [
    {
      type: 'OrganizationCreated',
      data: {
        organizationId,
        title: `Organization ${org}`,
        emailDomains: [`org${org}.bench.test`],
        type: 'business',
        plan: 'free_2024',
        inviteLinks: true,
        createdBy: admin,
      },
      metadata: meta(admin),
    },
    { type: 'MemberJoined', data: { organizationId, userId: admin, role: 'admin', via: 'creation' }, metadata: meta(admin) },
  ];
  for (let m = 1; m < members; m++) {
    events.push({
      type: 'MemberJoined',
      data: { organizationId, userId: userId((org + m * 7) % users), role: 'read', via: 'invite' },
      metadata: meta(admin),
    });
  }
  for (let c = 0; c < changes; c++) {
    const change =
      c % 3 === 0
        ? { title: `Organization ${org} (${c})` }
        : c % 3 === 1
          ? { inviteLinks: c % 2 === 0 }
          : { logo: `https://cdn.bench.test/${org}/${c}.png` };
    events.push({ type: 'OrganizationSettingsChanged', data: { organizationId, changes: change }, metadata: meta(admin) });
  }
  return events;
}

/** Appends in batches through the port: one append per user, one per organization stream. */
async function fill(events: EventStore, organizations: number, users: number, members: number, changes: number): Promise<number> {
  let count = 0;
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < users; i++) {
    pending.push(events.append(`user-${userId(i)}`, [userRegistered(i)], 'no_stream'));
    count++;
  }
  await Promise.all(pending);
  for (let org = 0; org < organizations; org++) {
    const stream = organizationStream(org, members, changes, users);
    await events.append(`organization-benchorg${org}`, stream, 'no_stream');
    count += stream.length;
  }
  return count;
}

function openStores(dir: string) {
  return {
    events: new SqliteEventStore({ file: join(dir, 'events.sqlite') }),
    readStore: new SqliteReadStore({ file: join(dir, 'read-models.sqlite') }),
  };
}

async function replay(options: { organizations: number; users: number; members: number; changes: number }): Promise<ReplayFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'docs-bench-replay-'));
  const { events, readStore } = openStores(dir);
  try {
    const appendStarted = process.hrtime.bigint();
    const appended = await fill(events, options.organizations, options.users, options.members, options.changes);
    const appendSeconds = Number(process.hrtime.bigint() - appendStarted) / 1e9;
    const projection = new ProjectionRegistry(ALL_PROJECTIONS).get('organizations');
    const report = await new ProjectionReplayer(events, readStore, () => undefined, 0).replay(projection);
    if (report.events !== appended) throw new Error(`replay saw ${report.events} events, ${appended} were appended`);
    return { events: report.events, seconds: report.seconds, eventsPerSecond: report.events / report.seconds, appendSeconds };
  } finally {
    await events.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * A running ProjectionRunner (every projection of the app, as in the server); each sample appends
 * one OrganizationSettingsChanged through the port and waits until the organizations read model
 * shows it: the runner's signal, then a read of the document through ReadModels.
 */
async function lag(options: { samples: number; warmup: number }): Promise<LagFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'docs-bench-lag-'));
  const { events, readStore } = openStores(dir);
  const registry = new ProjectionRegistry(ALL_PROJECTIONS);
  const runner = new ProjectionRunner(events, readStore, registry, { log: () => undefined, error: (m) => console.error(m) });
  const readModels = new ReadModels(readStore, registry);
  try {
    await fill(events, 20, 200, 10, 0);
    await runner.start();
    const head = (await events.headPosition())!;
    await runner.waitFor(head, undefined, 30000);
    const timings: number[] = [];
    for (let i = 0; i < options.warmup + options.samples; i++) {
      const organizationId = `benchorg${i % 20}`;
      const title = `Lag sample ${i}`;
      const started = process.hrtime.bigint();
      const { position } = await events.append(
        `organization-${organizationId}`,
        [{ type: 'OrganizationSettingsChanged', data: { organizationId, changes: { title } }, metadata: meta('system') }],
        'any',
      );
      await runner.waitFor(position, ['organizations'], 5000);
      const doc = await readModels.get<{ id: string; title: string }>('organizations', organizationId);
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      if (doc?.title !== title) throw new Error(`read model does not show sample ${i} after the wait`);
      if (i >= options.warmup) timings.push(elapsed);
    }
    timings.sort((a, b) => a - b);
    return { samples: timings.length, p50Ms: percentile(timings, 50), p99Ms: percentile(timings, 99), maxMs: timings[timings.length - 1]! };
  } finally {
    await runner.stop();
    await events.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

process.on('message', (message: ChildRequest) => {
  void (async () => {
    try {
      if (message.type === 'run') {
        const options = message.options as { replay: Parameters<typeof replay>[0]; lag: Parameters<typeof lag>[0] };
        const replayFigures = await replay(options.replay);
        const lagFigures = await lag(options.lag);
        reply({ type: 'done', id: message.id, data: { replay: replayFigures, lag: lagFigures } });
      } else if (message.type === 'stop') {
        reply({ type: 'stopped', id: message.id, data: { maxRssKb: process.resourceUsage().maxRSS } });
        process.exit(0);
      }
    } catch (error) {
      reply({ type: 'error', id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  })();
});
reply({ type: 'ready' });
