/// <reference types="jest" />
import { Decider, DomainEvent, Recorded } from '../decider';
import { DomainErrorKind } from '../domain-errors';
import { EventMetadata } from '../events';

const TEST_METADATA: EventMetadata = {
  schemaVersion: 1,
  actor: 'test-actor',
  correlationId: 'test-request',
  causationId: null,
  occurredAt: '2026-01-01T00:00:00.000Z',
};

/** An event as the log would hand it back, with test metadata (`occurredAt` and the rest overridable). */
export function recorded<E extends DomainEvent>(event: E, metadata: Partial<EventMetadata> = {}, revision = 0): Recorded<E> {
  return {
    ...event,
    id: `test-event-${revision}`,
    metadata: { ...TEST_METADATA, ...metadata },
    streamId: 'test-stream',
    revision: BigInt(revision),
    position: BigInt(revision + 1),
  } as Recorded<E>;
}

/**
 * Given / when / then for a decider, with no I/O:
 * `deciderSpec(team).given([created]).when(command, facts).then([renamed])`, or `.thenFails('forbidden', /admin/)`.
 * Given events may be plain (`{ type, data }`) or already recorded (to set `occurredAt`).
 */
export function deciderSpec<S, C, E extends DomainEvent, F>(decider: Decider<S, C, E, F>) {
  return {
    given(events: (E | Recorded<E>)[]) {
      const state = () =>
        events.reduce((s, e, i) => decider.evolve(s, 'metadata' in e ? (e as Recorded<E>) : recorded(e, {}, i)), decider.initialState());
      return {
        /** The state the given events fold into. */
        state,
        when(command: C, ...facts: F extends void ? [] : [F]) {
          const decide = () => decider.decide(state(), command, facts[0] as F);
          return {
            then(expected: E[]): void {
              expect(decide()).toEqual(expected);
            },
            thenNothing(): void {
              expect(decide()).toEqual([]);
            },
            thenFails(kind: DomainErrorKind, message?: string | RegExp): void {
              let error: unknown;
              try {
                decide();
              } catch (caught) {
                error = caught;
              }
              expect(error).toMatchObject({ name: 'DomainError', kind });
              if (message !== undefined) expect((error as Error).message).toMatch(message);
            },
          };
        },
      };
    },
  };
}
