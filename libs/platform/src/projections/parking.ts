import { performance } from 'node:perf_hooks';
import { RecordedEvent } from '../event-store/event-store';
import { ParkedEvent, ReadModelWriter, ReadStore } from '../read-store/read-store';
import { Projection, projectionWriter } from './projection';
import { isStoreFailure, withRetries } from './store-failures';

/** An event whose apply takes longer than this is logged as slow, with its id (it cannot be pre-empted). */
export const SLOW_EVENT_MS = 1000;
/** Parked errors keep this much of the message (a hostile input may make a long one). */
const MAX_ERROR_LENGTH = 2000;

/** The projection's own code threw on `event` (not a store failure): the event is the one to park. */
export class ApplyError extends Error {
  constructor(
    readonly event: RecordedEvent,
    readonly reason: unknown,
  ) {
    super(describeError(reason));
    this.name = 'ApplyError';
  }
}

export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH)}…` : message;
}

export const describeEvent = (event: Pick<RecordedEvent, 'type' | 'id' | 'position' | 'streamId'>): string =>
  `event ${event.type} ${event.id} at position ${event.position} (stream ${event.streamId})`;

/**
 * Applies `events` with `writer`, timing each. What `apply` throws is an ApplyError naming the
 * event, unless it is a store failure (a read that could not be made), which passes as it is.
 */
export async function applyEvents(
  projection: Projection,
  events: readonly RecordedEvent[],
  writer: ReadModelWriter,
  physical: (logical: string) => string,
  onSlow: (event: RecordedEvent, ms: number) => void,
  slowMs = SLOW_EVENT_MS,
): Promise<void> {
  const w = projectionWriter(writer, physical);
  for (const event of events) {
    const started = performance.now();
    try {
      await projection.apply(event, w);
    } catch (error) {
      throw isStoreFailure(error) ? error : new ApplyError(event, error);
    } finally {
      const ms = performance.now() - started;
      if (ms > slowMs) onSlow(event, ms);
    }
  }
}

/** Where a projection's batches go: the state row they move and the collections they write. */
export interface BatchTarget {
  store: ReadStore;
  projection: Projection;
  /** The state row the commits check and move: the projection's own, or `<name>:replay` for a replay. */
  stateName: string;
  generation: number;
  physical: (logical: string) => string;
  /** Wraps each batch's writer (a replay's cache). */
  wrap?: (writer: ReadModelWriter) => ReadModelWriter;
  /** A batch was rolled back because `apply` threw: what the wrapper kept of it must go. */
  rolledBack?: () => void;
  onSlow(event: RecordedEvent, ms: number): void;
  onParked(parked: ParkedEvent): void;
  /** A retryable store failure (a locked database) is about to be retried. */
  onRetry(error: unknown, attempt: number, delayMs: number): void;
  /** False once the owner is stopping (shutdown): nothing is parked then, the failure is thrown. */
  active(): boolean;
}

/**
 * Commits `events` (those the projection handles) and moves the checkpoint to `last`. When the
 * projection throws, the batch is rolled back and its events are committed one by one, so the
 * good ones commit; one that still throws is parked: recorded with its error, and the checkpoint
 * moves past it in the same transaction. Store failures are retried when retryable, else thrown;
 * `checkpoint` reports each commit, so a caller that catches one knows where the projection stands.
 */
export async function commitOrPark(
  target: BatchTarget,
  from: bigint | null,
  events: readonly RecordedEvent[],
  last: bigint,
  checkpoint: (committed: bigint) => void,
): Promise<void> {
  const { store, projection, stateName, generation, physical } = target;
  const commit = (at: bigint | null, to: bigint, batch: readonly RecordedEvent[]) =>
    withRetries(
      () =>
        store.commitBatch({ name: stateName, generation, checkpoint: at }, to, (writer) =>
          applyEvents(projection, batch, target.wrap ? target.wrap(writer) : writer, physical, target.onSlow),
        ),
      target.onRetry,
    );
  try {
    await commit(from, last, events);
    checkpoint(last);
    return;
  } catch (error) {
    if (!(error instanceof ApplyError)) throw error;
    target.rolledBack?.();
  }
  let at = from;
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    const to = i === events.length - 1 ? last : event.position;
    try {
      await commit(at, to, [event]);
    } catch (error) {
      if (!(error instanceof ApplyError) || !target.active()) throw error;
      target.rolledBack?.();
      const now = new Date().toISOString();
      const parked: ParkedEvent = {
        projection: projection.name,
        version: projection.version,
        generation,
        eventId: event.id,
        type: event.type,
        streamId: event.streamId,
        position: event.position,
        error: error.message,
        parkedAt: now,
        failedAt: now,
        attempts: 1,
      };
      await withRetries(
        () => store.commitBatch({ name: stateName, generation, checkpoint: at }, to, async () => undefined, { park: [parked] }),
        target.onRetry,
      );
      target.onParked(parked);
    }
    at = to;
    checkpoint(to);
  }
}
