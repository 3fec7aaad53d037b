import {
  ANY,
  AllStreamResolvedEvent,
  BACKWARDS,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  Position,
  ResolvedEvent,
  START,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
  jsonEvent,
} from '@eventstore/db-client';
import { randomUUID } from 'node:crypto';
import {
  AppendResult,
  EventData,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  StoreUnavailableError,
  StreamSummary,
  Subscription,
  SubscriptionHandler,
  WrongExpectedRevisionError,
} from '../event-store/event-store';
import { UpcasterRegistry } from '../event-store/upcasters';

export interface EventStoreDbEventStoreOptions {
  /** `esdb://host:2113?tls=false` (EVENTSTORE_URL). */
  connectionString: string;
  upcasters?: UpcasterRegistry;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Older servers report "no position" on stream reads as the largest unsigned 64-bit value. */
const NO_POSITION = (1n << 64n) - 1n;
const READ_CHUNK = 500;
const SUBSCRIPTION_BATCH = 500;

type AnyResolved = ResolvedEvent | AllStreamResolvedEvent;

/**
 * The EventStoreDB adapter (`@eventstore/db-client`; chosen when EVENTSTORE_URL is set).
 *
 * - Our `position` is the event's commit position in `$all`. Every event of an append is an
 *   implicitly committed prepare, so commit == prepare for our events and a position maps back to
 *   `{ commit: p, prepare: p }` when reading `$all` from it.
 * - Event ids are UUIDs; EventStoreDB ignores a repeated append of the same ids (idempotency).
 * - Metadata is our EventMetadata plus `$correlationId`/`$causationId` for the system projections;
 *   the `$` keys are stripped on read.
 * - System events (type or stream starting with `$`) are invisible to readAll, headPosition and
 *   subscribeToAll.
 * - Stream reads need a server that reports positions there (22.6 and later); an older server
 *   reports none and the event carries position -1.
 */
export class EventStoreDbEventStore extends EventStore {
  private readonly client: EventStoreDBClient;
  private readonly upcasters: UpcasterRegistry;
  private readonly url: string;

  constructor(options: EventStoreDbEventStoreOptions) {
    super();
    this.url = redact(options.connectionString);
    this.upcasters = options.upcasters ?? new UpcasterRegistry();
    try {
      this.client = EventStoreDBClient.connectionString(options.connectionString);
    } catch (error) {
      throw new StoreUnavailableError(`EventStoreDB connection string ${this.url} is invalid: ${firstLine(error)}`);
    }
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const payload = events.map((event) => {
      const id = event.id ?? randomUUID();
      if (!UUID.test(id)) throw new Error(`event id must be a UUID: ${id}`);
      const metadata: Record<string, unknown> = { ...event.metadata, $correlationId: event.metadata.correlationId };
      if (event.metadata.causationId !== null) metadata.$causationId = event.metadata.causationId;
      return jsonEvent({ id: id.toLowerCase(), type: event.type, data: event.data as Record<string, unknown>, metadata });
    });
    const expectedRevision = expected === 'any' ? ANY : expected === 'no_stream' ? NO_STREAM : expected;
    const result = await this.guard(async () => {
      try {
        return await this.client.appendToStream(streamId, payload, { expectedRevision });
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const actual = error.actualVersion === NO_STREAM ? -1n : BigInt(error.actualVersion);
          throw new WrongExpectedRevisionError(streamId, expected, actual < 0n ? 'no_stream' : actual);
        }
        throw error;
      }
    });
    if (!result.success) {
      const actual = result.nextExpectedRevision < 0n ? 'no_stream' : result.nextExpectedRevision;
      throw new WrongExpectedRevisionError(streamId, expected, actual);
    }
    const nextRevision = result.nextExpectedRevision;
    // The append result carries the last event's commit position; an idempotent (repeated) append
    // carries none, so look the last event up.
    let position = result.position && result.position.commit >= 0n ? result.position.commit : null;
    if (position === null) position = await this.positionOf(streamId, nextRevision);
    return { nextRevision, position };
  }

  private async positionOf(streamId: string, revision: bigint): Promise<bigint> {
    const found = await this.guard(() =>
      collect(this.client.readStream(streamId, { fromRevision: revision, maxCount: 1, direction: FORWARDS })),
    );
    const event = found[0];
    return event ? (positionOf(event) ?? -1n) : -1n;
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const resolved = await this.guard(async () => {
      try {
        return await collect(this.client.readStream(streamId, { fromRevision: START, direction: FORWARDS }));
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
    });
    return resolved.flatMap((r) => {
      const event = this.toRecorded(r);
      return event ? [event] : [];
    });
  }

  readAll(after: bigint | null, limit: number): Promise<RecordedEvent[]> {
    return this.scanAll('forwards', after, limit);
  }

  readAllBackwards(before: bigint | null, limit: number): Promise<RecordedEvent[]> {
    return this.scanAll('backwards', before, limit);
  }

  /** Up to `limit` events of `$all` past `bound` (after it forwards, before it backwards), system events skipped. */
  private async scanAll(way: 'forwards' | 'backwards', bound: bigint | null, limit: number): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    const forwards = way === 'forwards';
    const direction = forwards ? FORWARDS : BACKWARDS;
    const pastBound = (position: bigint) => bound === null || (forwards ? position > bound : position < bound);
    /** At or behind the last record read, in the direction read. */
    const behind = (pos: Position, previous: Position) =>
      forwards ? comparePositions(pos, previous) <= 0 : comparePositions(pos, previous) >= 0;
    const out: RecordedEvent[] = [];
    let from: Position | typeof START | typeof END = bound === null ? (forwards ? START : END) : { commit: bound, prepare: bound };
    /** The last record read; a read from a position may include the record at it, so it is skipped. */
    let last: Position | null = null;
    for (;;) {
      const want = Math.max(limit - out.length + 1, 64);
      const chunk = await this.guard(() => collect(this.client.readAll({ fromPosition: from, maxCount: want, direction })));
      let fresh = 0;
      for (const resolved of chunk) {
        const pos = resolved.event?.position;
        if (pos && last && behind(pos, last)) continue;
        fresh += 1;
        if (pos) last = pos;
        const event = this.toRecorded(resolved);
        if (!event || !pastBound(event.position)) continue;
        out.push(event);
        if (out.length >= limit) return out;
      }
      // A short chunk is the end (or start) of the log; a full one may have been mostly system events.
      if (chunk.length < want || fresh === 0 || !last) return out;
      from = last;
    }
  }

  /**
   * EventStoreDB keeps no stream list we can rely on (`$streams` needs the system projections), so
   * this scans `$all` once, counting events per stream: operator tooling, not a request path.
   */
  async streams(): Promise<StreamSummary[]> {
    const byStream = new Map<string, StreamSummary>();
    let after: bigint | null = null;
    for (;;) {
      const batch = await this.readAll(after, READ_CHUNK * 10);
      if (batch.length === 0) break;
      for (const event of batch) {
        const summary = byStream.get(event.streamId);
        if (summary) {
          summary.events += 1;
          summary.lastPosition = event.position;
        } else byStream.set(event.streamId, { streamId: event.streamId, events: 1, lastPosition: event.position });
      }
      after = batch[batch.length - 1]!.position;
    }
    return [...byStream.values()].sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));
  }

  async headPosition(): Promise<bigint | null> {
    let from: Position | typeof END = END;
    let last: Position | null = null;
    for (;;) {
      const chunk = await this.guard(() =>
        collect(this.client.readAll({ fromPosition: from, maxCount: READ_CHUNK, direction: BACKWARDS })),
      );
      let progressed = false;
      for (const resolved of chunk) {
        const pos = resolved.event?.position;
        if (pos && last && comparePositions(pos, last) >= 0) continue;
        progressed = true;
        if (pos) last = pos;
        const event = resolved.event;
        if (event && !isSystem(event.type, event.streamId)) return positionOf(resolved);
      }
      if (!progressed || chunk.length < READ_CHUNK || !last) return null;
      from = last;
    }
  }

  subscribeToAll(after: bigint | null, handler: SubscriptionHandler): Subscription {
    const subscription = this.client.subscribeToAll({
      fromPosition: after === null ? START : { commit: after, prepare: after },
    });
    const queue: RecordedEvent[] = [];
    let closed = false;
    let pumping: Promise<void> | null = null;

    const fail = (error: unknown) => {
      if (closed) return;
      closed = true;
      queue.length = 0;
      void subscription.unsubscribe().catch(() => undefined);
      handler.onError(this.translate(error));
    };

    const pump = async () => {
      try {
        while (queue.length > 0 && !closed) {
          const batch = queue.splice(0, SUBSCRIPTION_BATCH);
          await handler.onEvents(batch);
          if (queue.length < SUBSCRIPTION_BATCH && subscription.isPaused() && !closed) subscription.resume();
        }
      } catch (error) {
        fail(error);
      } finally {
        pumping = null;
      }
    };

    subscription.on('data', (resolved: AllStreamResolvedEvent) => {
      if (closed) return;
      let event: RecordedEvent | null;
      try {
        event = this.toRecorded(resolved);
      } catch (error) {
        fail(error);
        return;
      }
      // The subscription starts after `after`; the check guards against a server that includes it.
      if (!event || (after !== null && event.position <= after)) return;
      queue.push(event);
      if (queue.length >= SUBSCRIPTION_BATCH) subscription.pause();
      if (!pumping) pumping = pump();
    });
    subscription.on('error', (error: Error) => fail(error));
    subscription.on('end', () => fail(new StoreUnavailableError(`EventStoreDB at ${this.url} ended the subscription`)));

    return {
      close: async () => {
        if (closed) return;
        closed = true;
        queue.length = 0;
        await subscription.unsubscribe().catch(() => undefined);
        await (pumping ?? Promise.resolve());
      },
    };
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private toRecorded(resolved: AnyResolved): RecordedEvent | null {
    const event = resolved.event;
    if (!event || isSystem(event.type, event.streamId) || !event.isJson) return null;
    const { $correlationId, $causationId, ...metadata } = (event.metadata ?? {}) as Record<string, unknown>;
    void $correlationId;
    void $causationId;
    return this.upcasters.apply({
      id: event.id,
      type: event.type,
      data: event.data as EventData,
      metadata: metadata as unknown as EventMetadata,
      streamId: event.streamId,
      revision: event.revision,
      position: positionOf(resolved) ?? -1n,
    });
  }

  /** Runs a client call, turning connection failures into one clear StoreUnavailableError. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw this.translate(error);
    }
  }

  private translate(error: unknown): Error {
    if (error instanceof WrongExpectedRevisionError || error instanceof StoreUnavailableError) return error;
    if (
      error instanceof UnavailableError ||
      error instanceof DeadlineExceededError ||
      error instanceof TimeoutError ||
      (error instanceof Error && /Failed to discover|ECONNREFUSED|ENOTFOUND|UNAVAILABLE/i.test(error.message))
    ) {
      return new StoreUnavailableError(`EventStoreDB at ${this.url} is unreachable: ${firstLine(error)}`);
    }
    return error instanceof Error ? error : new Error(String(error));
  }
}

function isSystem(type: string, streamId: string): boolean {
  return type.startsWith('$') || streamId.startsWith('$');
}

function positionOf(resolved: AnyResolved): bigint | null {
  const candidates = [resolved.event?.position?.commit, resolved.commitPosition];
  for (const p of candidates) if (p !== undefined && p >= 0n && p !== NO_POSITION) return p;
  return null;
}

function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

async function collect<E>(stream: AsyncIterable<E>): Promise<E[]> {
  const out: E[] = [];
  for await (const item of stream) out.push(item);
  return out;
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = (message.split('\n')[0] ?? '').replace(/\s*Resolution note:.*$/, '').trim();
  return line || 'unknown error';
}

/** The connection string without a password, for messages. */
function redact(connectionString: string): string {
  return connectionString.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}
