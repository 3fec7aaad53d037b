import { EventData } from '../event-store/event-store';

/** An event as deciders see it: a type in domain words and its data. */
export interface DomainEvent<T extends string = string, D extends EventData = EventData> {
  type: T;
  data: D;
}

/**
 * A pure decider: `evolve` folds an aggregate's events into state; `decide` turns a command into
 * new events or throws a DomainError. No I/O.
 */
export interface Decider<S, C, E extends DomainEvent> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (state: S, command: C) => E[];
}
