import { EventStore, NewEvent, WrongExpectedRevisionError } from '../event-store/event-store';
import { conflict } from '../errors/domain-errors';
import { randomUUID, uuidFromSeed } from '../ids/ids';
import { CommandContext } from './command-context';
import { Decider, DomainEvent } from './decider';

export interface CommandOutcome<S, E> {
  /** Global position of the last appended event (null when the command changed nothing). */
  position: bigint | null;
  events: E[];
  state: S;
}

export interface HandleOptions {
  /** Schema version written in metadata, per event type (default 1). */
  schemaVersions?: Record<string, number>;
  /** Attempts when another writer appends to the stream first (default 3). */
  attempts?: number;
}

/**
 * The write side of every use case: read the aggregate's stream, fold it, decide, append with the
 * expected revision. A concurrent append is retried, then answered as a 409 conflict.
 * With an Idempotency-Key, event ids derive from it, so a retried request appends nothing twice.
 */
export async function handleCommand<S, C, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  ctx: CommandContext,
  options: HandleOptions = {},
): Promise<CommandOutcome<S, E>> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    const recorded = await store.readStream(streamId);
    const state = recorded.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState());
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

    const events = decider.decide(state, command);
    if (events.length === 0) return { position: null, events, state };
    const occurredAt = new Date().toISOString();
    const toAppend: NewEvent[] = events.map((e, i) => ({
      id: idOf(i),
      type: e.type,
      data: e.data,
      metadata: {
        schemaVersion: options.schemaVersions?.[e.type] ?? 1,
        actor: ctx.actor,
        correlationId: ctx.correlationId,
        causationId: ctx.causationId ?? ctx.correlationId,
        occurredAt,
      },
    }));
    const expected = recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1]!.revision;
    try {
      const result = await store.append(streamId, toAppend, expected);
      return { position: result.position, events, state: events.reduce(decider.evolve, state) };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= attempts) throw conflict('the resource was changed by another request at the same time; retry');
    }
  }
}
