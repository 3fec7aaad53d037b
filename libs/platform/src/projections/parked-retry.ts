import { EventStore, RecordedEvent } from '../event-store/event-store';
import { CheckpointMovedError, ParkedEvent, physicalCollection, ProjectionState, ReadStore } from '../read-store/read-store';
import { Projection } from './projection';
import { ApplyError, applyEvents } from './parking';
import { withRetries } from './store-failures';

/** What became of one parked event on a retry. */
export interface RetryOutcome {
  parked: ParkedEvent;
  /** `applied`: no longer parked; `failed`: still parked, with the new error; `missing`: not in the log (left parked). */
  result: 'applied' | 'failed' | 'missing';
  error?: string;
}

/** Parked events read per page while retrying. */
const PAGE = 500;
/** Times a retry starts over when the projection's checkpoint moved under it (a server applying events meanwhile). */
const MOVED_ATTEMPTS = 50;

export class RetryRefused extends Error {}

export interface RetryOptions {
  /** Only these parked events (by event id); all of the current generation otherwise. */
  eventIds?: string[];
  onSlow?: (event: RecordedEvent, ms: number) => void;
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

/**
 * `projections retry`: applies a projection's parked events again, in log order, to its current
 * generation (after a fix). Each commit goes through the projection's own state with its checkpoint
 * unchanged, so it cannot interleave with a running server's batches (a moved checkpoint starts
 * that event over); an event that now applies is no longer parked, in the same transaction, and one
 * that still throws stays parked with the new error. A running server sees the new count within a
 * second. Events applied out of order: the projection sees them after later events of the log.
 */
export async function retryParkedEvents(
  events: EventStore,
  store: ReadStore,
  projection: Projection,
  options: RetryOptions = {},
): Promise<RetryOutcome[]> {
  const state = await store.getProjectionState(projection.name);
  if (!state || state.version !== projection.version) {
    throw new RetryRefused(
      `projection ${projection.name} has not started version ${projection.version} yet: it has no parked events to retry`,
    );
  }
  const { version, generation } = state;
  const physical = (c: string) => physicalCollection(c, version, generation);
  const outcomes: RetryOutcome[] = [];
  let after: bigint | undefined;
  for (;;) {
    const page = await store.listParkedEvents({
      projection: projection.name,
      version,
      generation,
      eventIds: options.eventIds,
      after,
      limit: PAGE,
    });
    for (const parked of page) outcomes.push(await retryOne(events, store, projection, state, parked, physical, options));
    if (page.length < PAGE) return outcomes;
    after = page[page.length - 1]!.position;
  }
}

async function retryOne(
  events: EventStore,
  store: ReadStore,
  projection: Projection,
  started: ProjectionState,
  parked: ParkedEvent,
  physical: (logical: string) => string,
  options: RetryOptions,
): Promise<RetryOutcome> {
  const [event] = await events.readAll(parked.position - 1n, 1);
  if (!event || event.id !== parked.eventId)
    return { parked, result: 'missing', error: `event ${parked.eventId} is not at position ${parked.position} of the log` };
  const key = { projection: parked.projection, version: parked.version, generation: parked.generation, eventId: parked.eventId };
  const onSlow = options.onSlow ?? (() => undefined);
  for (let attempt = 0; attempt < MOVED_ATTEMPTS; attempt++) {
    const current = await store.getProjectionState(projection.name);
    if (!current || current.version !== started.version || current.generation !== started.generation || current.checkpoint === null) {
      throw new RetryRefused(
        `projection ${projection.name} moved to another generation while retrying (a replay or reset swapped one in); ` +
          'its parked events, if any, are those of the new generation: list them again',
      );
    }
    const expected = { name: projection.name, generation: current.generation, checkpoint: current.checkpoint };
    try {
      await withRetries(
        () =>
          store.commitBatch(expected, current.checkpoint!, (writer) => applyEvents(projection, [event], writer, physical, onSlow), {
            unpark: [key],
          }),
        options.onRetry,
      );
      return { parked, result: 'applied' };
    } catch (error) {
      if (error instanceof CheckpointMovedError) continue;
      if (!(error instanceof ApplyError)) throw error;
      const failed: ParkedEvent = { ...parked, error: error.message, failedAt: new Date().toISOString(), attempts: parked.attempts + 1 };
      try {
        await withRetries(
          () => store.commitBatch(expected, current.checkpoint!, async () => undefined, { park: [failed] }),
          options.onRetry,
        );
      } catch (again) {
        if (again instanceof CheckpointMovedError) continue;
        throw again;
      }
      return { parked: failed, result: 'failed', error: error.message };
    }
  }
  throw new RetryRefused(
    `projection ${projection.name}: its checkpoint kept moving while retrying event ${parked.eventId}; run the retry again`,
  );
}
