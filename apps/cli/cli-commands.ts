import { hostname, userInfo } from 'node:os';
import {
  AppConfig,
  EventStore,
  openStores,
  physicalCollection,
  Projection,
  ProjectionRegistry,
  ProjectionReplayer,
  ProjectionState,
  ReadModels,
  ReplacedGeneration,
  ReplayReport,
  RecordedEvent,
  Stores,
  UpcasterRegistry,
} from '@docs/platform/operations';
import { UsersReadModel } from '@docs/organizations/projections';
import { CommandFailed, UsageError } from './errors';
import { Column, Format, Output, Printer, Row } from './output';
import { ReplayProgressView } from './replay-progress';
import { checkEventTypes, knownEventTypes } from './event-types';
import { concernsSpace } from './space-filter';

export type { Output } from './output';

export interface CliDeps {
  config: AppConfig;
  /** Every projection of the application (loads every context's projections: only the commands that need it ask). */
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
/** How operators run the CLI, in messages that suggest a command (run-cli.ts's PROGRAM). */
const PROGRAM_NAME = 'npm run -s cli --';
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

export async function withStores<T>(deps: CliDeps, work: (stores: Stores) => Promise<T>): Promise<T> {
  const stores = await openStores(deps.config, deps.upcasters);
  try {
    return await work(stores);
  } finally {
    await stores.events.close();
    await stores.readStore.close();
  }
}

const printer = (deps: CliDeps, columns: Column[]) => new Printer(deps.out, deps.format, columns);

/** `projections list`: with the events each one parked in its current generation (`projections parked`). */
export async function listProjections(deps: CliDeps): Promise<void> {
  const p = printer(deps, [
    { key: 'name' },
    { key: 'version', align: 'right' },
    { key: 'parked', align: 'right' },
    { key: 'collections', value: (r) => (r.collections as string[]).join(', ') },
    { key: 'handles', value: (r) => `${(r.handles as string[]).length} event types` },
  ]);
  const states = await withStores(deps, async ({ readStore }) => new Map((await readStore.listProjectionStates()).map((s) => [s.name, s])));
  for (const projection of (await deps.registry()).all()) {
    const state = states.get(projection.name);
    const parked = state && state.version === projection.version ? (state.parked ?? 0) : 0;
    p.row({
      name: projection.name,
      version: projection.version,
      parked,
      collections: projection.collections.map((c) => c.name),
      handles: projection.handles,
    });
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

/** How `projections status` names a stored status (`stopped` is what `projections pause` stores). */
const statusName = (status: ProjectionState['status']) => (status === 'stopped' ? 'paused' : status);

/** Why a projection lags (or does not), in words, from its stored state and the replay in progress if any. */
export function lagReason(
  projection: Pick<Projection, 'name' | 'version'>,
  state: ProjectionState | null,
  replay: ProjectionState | null,
  lag: number | string,
  head: bigint | null,
): string {
  const waiting = lag === 0 ? 'nothing' : `${lag} event${lag === 1 ? '' : 's'}`;
  const rebuilding =
    replay && replay.status === 'rebuilding' && replay.version === projection.version
      ? `; a replay is rebuilding generation ${replay.generation} (at ${replay.checkpoint ?? 'the start'} ` +
        `of ${head ?? 'an empty log'}, last progress ${replay.updatedAt})`
      : '';
  if (!state) return `not started: a server builds it from the start of the log when it starts (${waiting} to apply)${rebuilding}`;
  if (state.version !== projection.version) {
    return (
      `stored for version ${state.version}: ` + `a server rebuilds version ${projection.version} from the start when it starts${rebuilding}`
    );
  }
  if (state.status === 'stopped') {
    return `paused: applies nothing until \`projections resume ${projection.name}\` (${waiting} waiting)${rebuilding}`;
  }
  if (state.status === 'failed') {
    return (
      `failed: ${state.error ?? 'no error recorded'}; ` +
      `fix it, then \`projections resume ${projection.name}\` or restart the server (${waiting} waiting)${rebuilding}`
    );
  }
  const parked = state.parked
    ? `; ${state.parked} event${state.parked === 1 ? '' : 's'} parked (\`projections parked ` +
      `${projection.name}\`, then \`projections retry ${projection.name}\` after a fix)`
    : '';
  if (rebuilding) return `${waiting} to apply${rebuilding}; it is swapped in once caught up${parked}`;
  if (lag === 0) return `up to date${parked}`;
  return `catching up: ${waiting} to apply (a running server applies them; with none running, the next start does)${parked}`;
}

/** `projections status`: checkpoint, log head, lag (events the projection still has to apply) and why. */
export async function projectionStatus(deps: CliDeps): Promise<void> {
  const p = printer(deps, [
    { key: 'name' },
    { key: 'version', align: 'right' },
    { key: 'generation', header: 'gen', align: 'right' },
    { key: 'status' },
    { key: 'checkpoint', align: 'right' },
    { key: 'head', align: 'right' },
    { key: 'lag', align: 'right' },
    { key: 'parked', align: 'right' },
    { key: 'why', max: 80 },
  ]);
  await withStores(deps, async ({ events, readStore }) => {
    const head = await events.headPosition();
    const states = new Map((await readStore.listProjectionStates()).map((s) => [s.name, s]));
    for (const projection of (await deps.registry()).all()) {
      const state = states.get(projection.name) ?? null;
      const replay = states.get(`${projection.name}:replay`) ?? null;
      const current = state && state.version === projection.version;
      const lag = await pendingEvents(events, current ? state!.checkpoint : null, projection.handles);
      p.row({
        name: projection.name,
        version: projection.version,
        generation: current ? state!.generation : null,
        status: current ? statusName(state!.status) : 'not started',
        checkpoint: current ? (state!.checkpoint?.toString() ?? null) : null,
        head: head?.toString() ?? null,
        lag,
        parked: current ? (state!.parked ?? 0) : 0,
        why: lagReason(projection, state, replay, lag, head),
        ...(state?.error ? { error: state.error } : {}),
        ...(replay?.status === 'rebuilding'
          ? { rebuilding: { generation: replay.generation, checkpoint: replay.checkpoint?.toString() ?? null } }
          : {}),
      });
    }
  });
  p.flush();
}

/**
 * `projections pause <name...> | --all`: stores them as paused (status `stopped`). A running server
 * stops applying events to them within a second and keeps them paused across restarts; reads still
 * answer from what they hold.
 */
export async function pauseProjections(deps: CliDeps, projections: Projection[]): Promise<void> {
  const p = printer(deps, [{ key: 'projection' }, { key: 'status' }, { key: 'was' }, { key: 'checkpoint', align: 'right' }]);
  await withStores(deps, async ({ readStore }) => {
    for (const projection of projections) {
      const state = await readStore.getProjectionState(projection.name);
      if (state && state.version === projection.version) {
        if (state.status !== 'stopped') await readStore.setProjectionStatus(projection.name, 'stopped', state.error);
      } else {
        // Never started (or stored for another version): paused from the start of the log.
        await readStore.saveProjectionState({
          name: projection.name,
          version: projection.version,
          generation: 0,
          checkpoint: null,
          status: 'stopped',
          error: null,
          updatedAt: new Date().toISOString(),
        });
      }
      const current = state && state.version === projection.version;
      p.row({
        projection: projection.name,
        status: 'paused',
        was: current ? statusName(state!.status) : 'not started',
        checkpoint: current ? (state!.checkpoint?.toString() ?? null) : null,
      });
    }
  });
  deps.out.error('a running server stops applying events to them within a second; `projections resume` continues where they stopped');
  p.flush();
}

/** `projections resume <name...> | --all`: paused (or failed) projections carry on from their checkpoint. */
export async function resumeProjections(deps: CliDeps, projections: Projection[]): Promise<void> {
  const p = printer(deps, [{ key: 'projection' }, { key: 'status' }, { key: 'was' }, { key: 'checkpoint', align: 'right' }]);
  await withStores(deps, async ({ readStore }) => {
    for (const projection of projections) {
      const state = await readStore.getProjectionState(projection.name);
      const current = state && state.version === projection.version;
      if (current && state!.status !== 'running') await readStore.setProjectionStatus(projection.name, 'running', null);
      p.row({
        projection: projection.name,
        status: current ? 'running' : 'not started',
        was: current ? statusName(state!.status) : 'not started',
        checkpoint: current ? (state!.checkpoint?.toString() ?? null) : null,
      });
    }
  });
  deps.out.error('a running server resumes them within a second (otherwise the next start does)');
  p.flush();
}

/**
 * `projections reset <name>`: starts the projection over in place, without waiting for it to catch
 * up: an empty next generation with no checkpoint is swapped in at once, which a running server
 * rebuilds from the start of the log within a second (the next start does otherwise). Until it has
 * caught up, reads answer from the partial copy; `projections replay` rebuilds in the background instead.
 * The old generation is dropped after 3 s (reads in flight). A paused projection stays paused.
 */
export async function resetProjection(deps: CliDeps, projection: Projection): Promise<void> {
  const p = printer(deps, [
    { key: 'projection' },
    { key: 'generation', header: 'gen', align: 'right' },
    { key: 'previous', align: 'right' },
    { key: 'status' },
  ]);
  await withStores(deps, async ({ readStore }) => {
    const state = await readStore.getProjectionState(projection.name);
    const previous = state && state.version === projection.version ? state.generation : null;
    const generation = previous === null ? 0 : previous + 1;
    const physical = (c: string) => physicalCollection(c, projection.version, generation);
    for (const c of projection.collections) await readStore.dropCollection(physical(c.name));
    await readStore.ensureCollections(projection.collections.map((c) => ({ ...c, name: physical(c.name) })));
    const status = state?.status === 'stopped' ? 'stopped' : 'running';
    await readStore.saveProjectionState({
      name: projection.name,
      version: projection.version,
      generation,
      checkpoint: null,
      status,
      error: null,
      updatedAt: new Date().toISOString(),
    });
    deps.out.error(
      `${projection.name}: reset to generation ${generation} with no checkpoint; ` +
        (status === 'stopped'
          ? 'it is paused: `projections resume` rebuilds it from the start of the log'
          : 'a running server rebuilds it from the start of the log within a second (otherwise the next start does)'),
    );
    if (previous !== null) {
      deps.out.error(`${projection.name}: generation ${previous} stays readable for ${DROP_OLD_AFTER_MS / 1000}s, then is dropped`);
      await new Promise((r) => setTimeout(r, DROP_OLD_AFTER_MS));
      for (const c of projection.collections) await readStore.dropCollection(physicalCollection(c.name, projection.version, previous));
      deps.out.error(`${projection.name}: dropped generation ${previous}`);
    }
    p.row({ projection: projection.name, generation, previous, status: statusName(status) });
  });
  p.flush();
}

/** The projections a command names (`--all`: every one), checked before anything is done. */
export function projectionsToReplay(registry: ProjectionRegistry, names: string[], all: boolean, verb = 'replay'): Projection[] {
  if (all && names.length > 0) throw new UsageError('give projection names or --all, not both');
  if (all) return registry.all();
  if (names.length === 0) throw new UsageError(`name the projections to ${verb} (see \`projections list\`), or pass --all`);
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
  await withStores(deps, async ({ events, readStore, describe }) => {
    // Parked events, slow events and retries of a locked database go to stderr with the progress.
    const replayer = new ProjectionReplayer(events, readStore, (line) => deps.out.error(line), DROP_OLD_AFTER_MS, view.on, describe);
    // The generations replaced are dropped together at the end (each DROP_OLD_AFTER_MS after its swap), failure or not.
    const replaced: ReplacedGeneration[] = [];
    try {
      for (const [i, projection] of projections.entries()) {
        let report: ReplayReport;
        try {
          const replay = await replayer.replayKeepingPrevious(projection);
          report = replay.report;
          if (replay.replaced) replaced.push(replay.replaced);
        } catch (error) {
          p.flush();
          const rest = projections.slice(i).map((x) => x.name);
          const done = projections.slice(0, i).map((x) => x.name);
          throw new CommandFailed(
            `${(error as Error).message}` +
              (done.length > 0 ? ` Replayed and swapped in before it: ${done.join(', ')}.` : '') +
              ` To replay what is left: ${PROGRAM_NAME} projections replay ${rest.join(' ')}`,
          );
        }
        p.row(reportRow(report));
      }
    } finally {
      await replayer.dropReplaced(replaced);
    }
  });
  p.flush();
}

function reportRow(report: ReplayReport): Row {
  return {
    projection: report.projection,
    generation: report.generation,
    events: report.events,
    checkpoint: report.checkpoint?.toString() ?? null,
    seconds: Number(report.seconds.toFixed(3)),
    eventsPerSecond: report.seconds > 0 ? Math.round(report.events / report.seconds) : report.events,
    parked: report.parked,
  };
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
  /** The global log's events that concern this space (space-filter.ts). */
  space?: string;
  /** `--all`, `--space`: after this position (before it with `backwards`). */
  from?: bigint;
  limit?: number;
  backwards?: boolean;
  /** Filters, all of which an event must pass. */
  correlation?: string;
  actor?: string;
  type?: string[];
  /** Epoch milliseconds: `occurredAt` at or after `since`, before `until`. */
  since?: number;
  until?: number;
  /** Keep reading events as they are appended, every `pollInterval` ms, until interrupted (or `limit`). */
  follow?: boolean;
  pollInterval?: number;
}

/** The filters of `events read` as one test. */
export function eventFilter(options: ReadOptions): (e: RecordedEvent) => boolean {
  const types = options.type && options.type.length > 0 ? new Set(options.type) : null;
  return (e) => {
    if (types && !types.has(e.type)) return false;
    if (options.space !== undefined && !concernsSpace(e, options.space)) return false;
    if (options.correlation !== undefined && e.metadata.correlationId !== options.correlation) return false;
    if (options.actor !== undefined && e.metadata.actor !== options.actor) return false;
    if (options.since !== undefined || options.until !== undefined) {
      const at = Date.parse(e.metadata.occurredAt);
      if (options.since !== undefined && !(at >= options.since)) return false;
      if (options.until !== undefined && !(at < options.until)) return false;
    }
    return true;
  };
}

const READ_BATCH = 1000;

/** Resolves on Ctrl-C or SIGTERM (then `events read --follow` ends normally: exit code 0). */
function interrupted(): { signal: Promise<void>; dispose(): void } {
  let resolve!: () => void;
  const signal = new Promise<void>((r) => (resolve = r));
  const on = () => resolve();
  process.once('SIGINT', on);
  process.once('SIGTERM', on);
  return {
    signal,
    dispose: () => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
    },
  };
}

/** What `--follow` says on stderr once it has printed the events so far and waits for new ones. */
function followingFrom(options: ReadOptions, cursor: bigint | null): string {
  const what =
    options.stream !== undefined
      ? `stream ${options.stream}`
      : options.space !== undefined
        ? `the events of space ${options.space}`
        : 'the log';
  const from = cursor === null ? 'from the start of the log (it is empty)' : `after position ${cursor}`;
  return `ready: following ${what} ${from}; new events are printed as they are appended (Ctrl-C to stop)`;
}

/**
 * `events read --stream S | --all | --space ID`: one stream in revision order, or the global log after
 * a position (with `--space`, only the events that concern that space), as JSON lines or a table;
 * `--backwards` reads newest first. Filters (`--type`, known types only, `--correlation`, `--actor`,
 * `--since`, `--until`) keep the events that pass them all; `--limit` counts those. The log is scanned
 * in batches, each printed before the next is read (an operator tool: the adapters need nothing new).
 * An unknown stream is an error, except with `--follow`, which then waits for it; `--follow` says on
 * stderr when it is ready and after which position.
 */
export async function readEvents(deps: CliDeps, options: ReadOptions): Promise<void> {
  if (options.type && options.type.length > 0) checkEventTypes(options.type, await knownEventTypes((await deps.registry()).all()));
  const p = printer(deps, EVENT_COLUMNS);
  const matches = eventFilter(options);
  await withStores(deps, async ({ events }) => {
    let left = options.limit ?? (options.stream !== undefined || options.follow ? Infinity : 1000);
    const print = (e: RecordedEvent) => {
      if (left <= 0 || !matches(e)) return;
      p.row(eventRow(e));
      left -= 1;
    };
    let cursor = options.from ?? null;
    if (options.stream !== undefined) {
      const found = await events.readStream(options.stream);
      if (found.length === 0) {
        if (!options.follow)
          throw new CommandFailed(`stream ${options.stream} does not exist (see \`events streams\` for the streams of the log)`);
        deps.out.error(`stream ${options.stream} does not exist yet: waiting for its first event`);
        cursor = await events.headPosition();
      } else {
        // The stream's last event: following goes on from there in the global log.
        cursor = found[found.length - 1]!.position;
      }
      if (options.backwards) found.reverse();
      found.forEach(print);
    } else if (options.follow) {
      cursor ??= await events.headPosition();
    } else {
      while (left > 0) {
        const batch = options.backwards ? await events.readAllBackwards(cursor, READ_BATCH) : await events.readAll(cursor, READ_BATCH);
        if (batch.length === 0) break;
        batch.forEach(print);
        p.flushRows(); // a table too is printed batch by batch, so memory stays bounded
        cursor = batch[batch.length - 1]!.position;
      }
    }
    if (!options.follow || left <= 0) return;
    p.flushRows();
    deps.out.error(followingFrom(options, cursor));
    const stop = interrupted();
    let stopped = false;
    void stop.signal.then(() => (stopped = true));
    try {
      while (!stopped && left > 0) {
        const batch = await events.readAll(cursor, READ_BATCH);
        for (const e of batch) if (options.stream === undefined || e.streamId === options.stream) print(e);
        p.flushRows();
        if (batch.length > 0) cursor = batch[batch.length - 1]!.position;
        if (batch.length === READ_BATCH) continue;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([stop.signal, new Promise((r) => (timer = setTimeout(r, options.pollInterval ?? 500)))]);
        clearTimeout(timer);
      }
    } finally {
      stop.dispose();
    }
  });
  if (options.follow) p.flushRows();
  else p.flush('(no events)');
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
        if (categoryOf(s.streamId) === category)
          p.row({ stream: s.streamId, category, events: s.events, lastPosition: s.lastPosition.toString() });
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
    for (const row of [...byCategory.values()].sort((a, b) => a.category.localeCompare(b.category))) p.row(row);
    p.flush('(the log is empty)');
  });
}

/** `users list`: users known to the read model. */
export async function listUsers(deps: CliDeps): Promise<void> {
  const p = printer(deps, [
    { key: 'id' },
    { key: 'email' },
    { key: 'displayName', header: 'name' },
    { key: 'createdAt', header: 'created' },
  ]);
  await withStores(deps, async ({ readStore }) => {
    const users = new UsersReadModel(new ReadModels(readStore, await deps.registry()));
    let after: string | undefined;
    do {
      const page = await users.users({ after, limit: 500 });
      for (const u of page.items) p.row({ id: u.id, email: u.email, displayName: u.displayName, createdAt: u.createdAt });
      after = page.next;
    } while (after);
  });
  p.flush('(no users)');
}
