import { EventStore, NewEvent, RecordedEvent, WrongExpectedRevisionError } from '../event-store/event-store';
import { conflict } from '@docs/kernel';
import { randomUUID, uuidFromSeed } from '@docs/kernel';
import { CommandContext } from './command-context';
import { Decider, DomainEvent, Recorded } from '@docs/kernel';

export interface CommandOutcome<S, E> {
  /** Global position of the last appended event (null when the command changed nothing). */
  position: bigint | null;
  events: E[];
  state: S;
}

export interface HandleOptions<F = void> {
  /** What the decision needs from outside the stream (the decider's third argument). */
  facts?: F;
  /** Schema version written in metadata, per event type (default 1). */
  schemaVersions?: { readonly [type: string]: number };
  /** Attempts when another writer appends to the stream first (default 3). */
  attempts?: number;
  /** The time the events occur at (`occurredAt`); the system clock by default. */
  now?: () => Date;
}

/** Folded state of one stream, as of `revision` (null: the stream did not exist). */
interface Folded {
  decider: unknown;
  revision: bigint | null;
  state: unknown;
}

/** How many streams' folded states each store keeps (least recently used go first). */
export const FOLDED_STATE_CACHE_SIZE = 10_000;

const foldedStates = new WeakMap<EventStore, Map<string, Folded>>();

function cacheOf(store: EventStore): Map<string, Folded> {
  let cache = foldedStates.get(store);
  if (!cache) foldedStates.set(store, (cache = new Map()));
  return cache;
}

function remember(cache: Map<string, Folded>, streamId: string, folded: Folded): void {
  cache.delete(streamId);
  cache.set(streamId, folded);
  if (cache.size > FOLDED_STATE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
}

/** Exactly what a later readStream would give evolve: data and metadata as stored (JSON). */
function asRecorded(streamId: string, event: NewEvent, revision: bigint): Omit<RecordedEvent, 'position'> {
  return {
    id: event.id!,
    type: event.type,
    data: JSON.parse(JSON.stringify(event.data)),
    metadata: JSON.parse(JSON.stringify(event.metadata)),
    streamId,
    revision,
  };
}

/**
 * The write side of every use case: read the aggregate's stream, fold it, decide, append with the
 * expected revision. A concurrent append is retried, then answered as a 409 conflict: within one
 * process AggregateWriter runs commands on one stream one after the other, so that is left to
 * appends from another process (several API replicas on one EventStoreDB).
 * With an Idempotency-Key, event ids derive from it, so a retried request appends nothing twice.
 *
 * Folded states are cached per store and stream (bounded, LRU), so a write does not re-read and
 * re-fold a stream that grows with every write. The cache is only ever trusted optimistically:
 * the append carries the cached revision as its expected revision, so a stream that moved on
 * (another process, or an append made without handleCommand) fails the append and the command is
 * decided again on a fresh read. A decision that appends nothing or raises a domain error is
 * never answered from the cache either: it is checked against a fresh read first. Requests with
 * an Idempotency-Key always read the stream, to recognise their own earlier events.
 */
export async function handleCommand<S, C, E extends DomainEvent, F = void>(
  store: EventStore,
  streamId: string,
  decider: Decider<S, C, E, F>,
  command: C,
  ctx: CommandContext,
  options: HandleOptions<F> = {},
): Promise<CommandOutcome<S, E>> {
  const attempts = options.attempts ?? 3;
  const cache = cacheOf(store);
  let useCache = !ctx.idempotencyKey;
  for (let attempt = 1; ; ) {
    const cached = useCache ? cache.get(streamId) : undefined;
    const fromCache = cached !== undefined && cached.decider === decider;
    let state: S;
    let revision: bigint | null;
    let recorded: RecordedEvent[] = [];
    if (fromCache) {
      state = cached.state as S;
      revision = cached.revision;
    } else {
      recorded = await store.readStream(streamId);
      state = recorded.reduce((s, e) => decider.evolve(s, e as Recorded<E>), decider.initialState());
      revision = recorded.length === 0 ? null : recorded[recorded.length - 1]!.revision;
      remember(cache, streamId, { decider, revision, state });
    }
    const idOf = (i: number) =>
      ctx.idempotencyKey ? uuidFromSeed(`${ctx.actor}\u0000${ctx.idempotencyKey}\u0000${streamId}\u0000${i}`) : randomUUID();

    if (ctx.idempotencyKey) {
      const firstId = idOf(0);
      const done = recorded.findIndex((e) => e.id === firstId);
      if (done >= 0) {
        const events = recorded.slice(done).filter((e) => e.metadata.correlationId === recorded[done]!.metadata.correlationId);
        return { position: events[events.length - 1]!.position, events: events as unknown as E[], state };
      }
    }

    let events: E[];
    try {
      events = decider.decide(state, command, options.facts as F);
    } catch (error) {
      if (!fromCache) throw error;
      useCache = false; // a refusal is only answered after a fresh read
      continue;
    }
    if (events.length === 0) {
      if (!fromCache) return { position: null, events, state };
      useCache = false; // so is "nothing to do"
      continue;
    }
    const occurredAt = (options.now ? options.now() : new Date()).toISOString();
    const toAppend: NewEvent[] = events.map((e, i) => ({
      id: idOf(i),
      type: e.type,
      data: e.data,
      metadata: {
        schemaVersion:
          (options.schemaVersions && Object.hasOwn(options.schemaVersions, e.type) ? options.schemaVersions[e.type] : undefined) ?? 1,
        actor: ctx.actor,
        correlationId: ctx.correlationId,
        causationId: ctx.causationId ?? ctx.correlationId,
        occurredAt,
      },
    }));
    const expected = revision === null ? 'no_stream' : revision;
    try {
      const result = await store.append(streamId, toAppend, expected);
      const first = result.nextRevision - BigInt(toAppend.length - 1);
      const next = toAppend.reduce(
        (s, e, i) => decider.evolve(s, { ...asRecorded(streamId, e, first + BigInt(i)), position: result.position } as Recorded<E>),
        state,
      );
      remember(cache, streamId, { decider, revision: result.nextRevision, state: next });
      return { position: result.position, events, state: next };
    } catch (error) {
      cache.delete(streamId);
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (fromCache) {
        useCache = false; // the cached state was behind: decide again on a fresh read, not counted as an attempt
        continue;
      }
      if (attempt >= attempts) throw conflict('the resource was changed by another request at the same time; retry');
      attempt++;
    }
  }
}
