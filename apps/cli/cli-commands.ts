import {
  AppConfig, EventStore, openStores, ProjectionRegistry, ProjectionReplayer, randomUUID, ReadModels, RecordedEvent, Stores, UpcasterRegistry,
} from '@docs/platform';
import { issueApiToken, UsersReadModel } from '@docs/organizations';

/** Where the CLI writes: injectable so tests can capture it. */
export interface Output {
  line(text: string): void;
  error(text: string): void;
}

export interface CliDeps {
  config: AppConfig;
  registry: ProjectionRegistry;
  upcasters: UpcasterRegistry;
  out: Output;
}

const PENDING_SCAN_LIMIT = 100_000;

export class UsageError extends Error {}

async function withStores<T>(deps: CliDeps, work: (stores: Stores) => Promise<T>): Promise<T> {
  const stores = await openStores(deps.config, deps.upcasters);
  try {
    return await work(stores);
  } finally {
    await stores.events.close();
    await stores.readStore.close();
  }
}

/**
 * `tokens create --email E [--name N]`: creates the user if absent and prints the token once.
 * No projection runs in the CLI: a running server applies the events and accepts the token.
 */
export async function createToken(deps: CliDeps, email: string, name?: string): Promise<void> {
  await withStores(deps, async ({ events }) => {
    const issued = await issueApiToken(
      events,
      { email, tokenName: name ?? 'cli' },
      { actor: 'system', correlationId: `cli-${randomUUID()}` },
    );
    deps.out.line(JSON.stringify({ userId: issued.userId, tokenId: issued.tokenId, token: issued.token }));
    deps.out.error('The token is shown once; only its hash is stored. A running server accepts it within a second.');
  });
}

/** `projections list` */
export async function listProjections(deps: CliDeps): Promise<void> {
  for (const p of deps.registry.all()) {
    deps.out.line(JSON.stringify({ name: p.name, version: p.version, collections: p.collections.map((c) => c.name), handles: p.handles }));
  }
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
  await withStores(deps, async ({ events, readStore }) => {
    const head = await events.headPosition();
    for (const p of deps.registry.all()) {
      const state = await readStore.getProjectionState(p.name);
      const current = state && state.version === p.version;
      deps.out.line(
        JSON.stringify({
          name: p.name,
          version: p.version,
          generation: current ? state!.generation : null,
          status: current ? state!.status : 'not started',
          checkpoint: current ? (state!.checkpoint?.toString() ?? null) : null,
          head: head?.toString() ?? null,
          lag: await pendingEvents(events, current ? state!.checkpoint : null, p.handles),
          ...(state?.error ? { error: state.error } : {}),
        }),
      );
    }
  });
}

/** `projections replay <name>`: rebuilds into a fresh copy and swaps it in when caught up. */
export async function replayProjection(deps: CliDeps, name: string): Promise<void> {
  const projection = deps.registry.get(name);
  await withStores(deps, async ({ events, readStore }) => {
    const replayer = new ProjectionReplayer(events, readStore, (line) => deps.out.error(line), 3000);
    const report = await replayer.replay(projection);
    deps.out.line(
      JSON.stringify({
        projection: report.projection,
        generation: report.generation,
        events: report.events,
        checkpoint: report.checkpoint?.toString() ?? null,
        seconds: Number(report.seconds.toFixed(3)),
        eventsPerSecond: report.seconds > 0 ? Math.round(report.events / report.seconds) : report.events,
      }),
    );
  });
}

function eventLine(e: RecordedEvent): string {
  return JSON.stringify({
    position: e.position.toString(),
    stream: e.streamId,
    revision: e.revision.toString(),
    id: e.id,
    type: e.type,
    data: e.data,
    metadata: e.metadata,
  });
}

/** `events read --stream S` */
export async function readStream(deps: CliDeps, stream: string): Promise<void> {
  await withStores(deps, async ({ events }) => {
    for (const e of await events.readStream(stream)) deps.out.line(eventLine(e));
  });
}

/** `events read --all [--from P] [--limit N]`: events after position P (exclusive), as JSON lines. */
export async function readAll(deps: CliDeps, from: bigint | null, limit: number): Promise<void> {
  await withStores(deps, async ({ events }) => {
    let cursor = from;
    let left = limit;
    while (left > 0) {
      const batch = await events.readAll(cursor, Math.min(left, 1000));
      if (batch.length === 0) break;
      batch.forEach((e) => deps.out.line(eventLine(e)));
      left -= batch.length;
      cursor = batch[batch.length - 1]!.position;
    }
  });
}

/** `users list`: users known to the read model. */
export async function listUsers(deps: CliDeps): Promise<void> {
  await withStores(deps, async ({ readStore }) => {
    const users = new UsersReadModel(new ReadModels(readStore, deps.registry));
    let after: string | undefined;
    do {
      const page = await users.users({ after, limit: 500 });
      page.items.forEach((u) => deps.out.line(JSON.stringify({ id: u.id, email: u.email, displayName: u.displayName, createdAt: u.createdAt })));
      after = page.next;
    } while (after);
  });
}
