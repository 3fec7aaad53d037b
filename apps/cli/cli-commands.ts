import { hostname, userInfo } from 'node:os';
import {
  AppConfig, EventStore, openStores, Projection, ProjectionRegistry, ProjectionReplayer, ReadModels, RecordedEvent, Stores,
  UpcasterRegistry,
} from '@docs/platform';
import { UsersReadModel } from '@docs/organizations';
import { CommandFailed, UsageError } from './errors';
import { Column, Format, Output, Printer, Row } from './output';
import { ReplayProgressView } from './replay-progress';

export type { Output } from './output';

export interface CliDeps {
  config: AppConfig;
  /** Every projection of the application (loads every context: only the commands that need it ask). */
  registry(): Promise<ProjectionRegistry>;
  upcasters: UpcasterRegistry;
  out: Output;
  /** How results are printed (see chooseFormat). */
  format: Format;
  /** Who the CLI's events are recorded as: `cli:<os user>@<host>`. */
  actor: string;
  /** The environment the configuration came from (for handlers that read it themselves). */
  env: NodeJS.ProcessEnv;
}

const PENDING_SCAN_LIMIT = 100_000;
/** How long the old generation stays readable after a replay's swap (servers finish reads in flight). */
const DROP_OLD_AFTER_MS = 3000;


/** The operator running the CLI, recorded as the `actor` of the events it writes. */
export function operatorActor(env: NodeJS.ProcessEnv = process.env): string {
  let user: string | undefined;
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry for this uid (some containers).
  }
  user ||= env.USER || env.LOGNAME || `uid-${process.getuid?.() ?? 'unknown'}`;
  return `cli:${user}@${hostname()}`;
}

async function withStores<T>(deps: CliDeps, work: (stores: Stores) => Promise<T>): Promise<T> {
  const stores = await openStores(deps.config, deps.upcasters);
  try {
    return await work(stores);
  } finally {
    await stores.events.close();
    await stores.readStore.close();
  }
}

const printer = (deps: CliDeps, columns: Column[]) => new Printer(deps.out, deps.format, columns);

/** `projections list` */
export async function listProjections(deps: CliDeps): Promise<void> {
  const p = printer(deps, [
    { key: 'name' },
    { key: 'version', align: 'right' },
    { key: 'collections', value: (r) => (r.collections as string[]).join(', ') },
    { key: 'handles', value: (r) => `${(r.handles as string[]).length} event types` },
  ]);
  for (const projection of (await deps.registry()).all()) {
    p.row({ name: projection.name, version: projection.version, collections: projection.collections.map((c) => c.name), handles: projection.handles });
  }
  p.flush();
}

async function pendingEvents(events: EventStore, after: bigint | null, types: readonly string[]): Promise<number | string> {
  let pending = 0;
  let scanned = 0;
  let cursor = after;
  for (;;) {
    const batch = await events.readAll(cursor, 5000);
    if (batch.length === 0) return pending;
    pending += batch.filter((e) => types.includes(e.type)).length;
    scanned += batch.length;
    cursor = batch[batch.length - 1]!.position;
    if (scanned >= PENDING_SCAN_LIMIT) return `>=${pending}`;
  }
}

/** `projections status`: checkpoint, log head and lag (events the projection still has to apply). */
export async function projectionStatus(deps: CliDeps): Promise<void> {
  const p = printer(deps, [
    { key: 'name' },
    { key: 'version', align: 'right' },
    { key: 'generation', header: 'gen', align: 'right' },
    { key: 'status' },
    { key: 'checkpoint', align: 'right' },
    { key: 'head', align: 'right' },
    { key: 'lag', align: 'right' },
    { key: 'error', max: 40 },
  ]);
  await withStores(deps, async ({ events, readStore }) => {
    const head = await events.headPosition();
    for (const projection of (await deps.registry()).all()) {
      const state = await readStore.getProjectionState(projection.name);
      const current = state && state.version === projection.version;
      p.row({
        name: projection.name,
        version: projection.version,
        generation: current ? state!.generation : null,
        status: current ? state!.status : 'not started',
        checkpoint: current ? (state!.checkpoint?.toString() ?? null) : null,
        head: head?.toString() ?? null,
        lag: await pendingEvents(events, current ? state!.checkpoint : null, projection.handles),
        ...(state?.error ? { error: state.error } : {}),
      });
    }
  });
  p.flush();
}

/** The projections a replay names (`--all`: every one), checked before anything is rebuilt. */
export function projectionsToReplay(registry: ProjectionRegistry, names: string[], all: boolean): Projection[] {
  if (all && names.length > 0) throw new UsageError('give projection names or --all, not both');
  if (all) return registry.all();
  if (names.length === 0) throw new UsageError('name the projections to replay (see `projections list`), or pass --all');
  const unique = [...new Set(names)];
  try {
    return unique.map((name) => registry.get(name));
  } catch (error) {
    throw new CommandFailed((error as Error).message);
  }
}

/**
 * `projections replay <name...> | --all`: rebuilds each projection in turn into a fresh copy and
 * swaps it in when caught up; progress on stderr, one report per projection on stdout.
 */
export async function replayProjections(deps: CliDeps, projections: Projection[]): Promise<void> {
  const p = printer(deps, [
    { key: 'projection' },
    { key: 'generation', header: 'gen', align: 'right' },
    { key: 'events', align: 'right' },
    { key: 'checkpoint', align: 'right' },
    { key: 'seconds', align: 'right' },
    { key: 'eventsPerSecond', header: 'events/s', align: 'right' },
  ]);
  const view = new ReplayProgressView(deps.out);
  await withStores(deps, async ({ events, readStore }) => {
    const replayer = new ProjectionReplayer(events, readStore, () => undefined, DROP_OLD_AFTER_MS, view.on);
    for (const projection of projections) {
      const report = await replayer.replay(projection);
      p.row({
        projection: report.projection,
        generation: report.generation,
        events: report.events,
        checkpoint: report.checkpoint?.toString() ?? null,
        seconds: Number(report.seconds.toFixed(3)),
        eventsPerSecond: report.seconds > 0 ? Math.round(report.events / report.seconds) : report.events,
      });
    }
  });
  p.flush();
}

function eventRow(e: RecordedEvent): Row {
  return {
    position: e.position.toString(),
    stream: e.streamId,
    revision: e.revision.toString(),
    id: e.id,
    type: e.type,
    data: e.data,
    metadata: e.metadata,
  };
}

const EVENT_COLUMNS: Column[] = [
  { key: 'position', align: 'right' },
  { key: 'time', value: (r) => (r.metadata as RecordedEvent['metadata']).occurredAt },
  { key: 'stream', max: 50 },
  { key: 'revision', header: 'rev', align: 'right' },
  { key: 'type', max: 40 },
  { key: 'actor', value: (r) => (r.metadata as RecordedEvent['metadata']).actor, max: 40 },
  { key: 'data', max: 60 },
];

export interface ReadOptions {
  stream?: string;
  all?: boolean;
  /** `--all`: after this position (before it with `backwards`). */
  from?: bigint;
  limit?: number;
  backwards?: boolean;
}

/**
 * `events read --stream S | --all`: one stream in revision order, or the global log after a position,
 * as JSON lines or a table; `--backwards` reads newest first. An unknown stream is an error.
 */
export async function readEvents(deps: CliDeps, options: ReadOptions): Promise<void> {
  const p = printer(deps, EVENT_COLUMNS);
  await withStores(deps, async ({ events }) => {
    if (options.stream !== undefined) {
      const found = await events.readStream(options.stream);
      if (found.length === 0) {
        throw new CommandFailed(`stream ${options.stream} does not exist (see \`events streams\` for the streams of the log)`);
      }
      if (options.backwards) found.reverse();
      found.slice(0, options.limit ?? found.length).forEach((e) => p.row(eventRow(e)));
      return;
    }
    let cursor = options.from ?? null;
    let left = options.limit ?? 1000;
    while (left > 0) {
      const size = Math.min(left, 1000);
      const batch = options.backwards ? await events.readAllBackwards(cursor, size) : await events.readAll(cursor, size);
      if (batch.length === 0) break;
      batch.forEach((e) => p.row(eventRow(e)));
      left -= batch.length;
      cursor = batch[batch.length - 1]!.position;
    }
  });
  p.flush('(no events)');
}

/** The category of a stream, as EventStoreDB's `$by_category` sees it: the id up to its first `-`. */
export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}

/**
 * `events streams [--category C]`: the log's categories with their stream and event counts; with a
 * category, its streams with their event counts.
 */
export async function listStreams(deps: CliDeps, category?: string): Promise<void> {
  await withStores(deps, async ({ events }) => {
    const streams = await events.streams();
    if (category !== undefined) {
      const p = printer(deps, [
        { key: 'stream', max: 80 },
        { key: 'events', align: 'right' },
        { key: 'lastPosition', header: 'last position', align: 'right' },
      ]);
      for (const s of streams) {
        if (categoryOf(s.streamId) === category) p.row({ stream: s.streamId, category, events: s.events, lastPosition: s.lastPosition.toString() });
      }
      p.flush(`(no streams in category ${category})`);
      return;
    }
    const byCategory = new Map<string, { category: string; streams: number; events: number }>();
    for (const s of streams) {
      const name = categoryOf(s.streamId);
      const entry = byCategory.get(name) ?? { category: name, streams: 0, events: 0 };
      entry.streams += 1;
      entry.events += s.events;
      byCategory.set(name, entry);
    }
    const p = printer(deps, [{ key: 'category' }, { key: 'streams', align: 'right' }, { key: 'events', align: 'right' }]);
    [...byCategory.values()].sort((a, b) => a.category.localeCompare(b.category)).forEach((row) => p.row(row));
    p.flush('(the log is empty)');
  });
}

/** `users list`: users known to the read model. */
export async function listUsers(deps: CliDeps): Promise<void> {
  const p = printer(deps, [{ key: 'id' }, { key: 'email' }, { key: 'displayName', header: 'name' }, { key: 'createdAt', header: 'created' }]);
  await withStores(deps, async ({ readStore }) => {
    const users = new UsersReadModel(new ReadModels(readStore, await deps.registry()));
    let after: string | undefined;
    do {
      const page = await users.users({ after, limit: 500 });
      page.items.forEach((u) => p.row({ id: u.id, email: u.email, displayName: u.displayName, createdAt: u.createdAt }));
      after = page.next;
    } while (after);
  });
  p.flush('(no users)');
}
