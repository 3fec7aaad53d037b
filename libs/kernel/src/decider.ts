import { EventData, RecordedEvent } from './events';

/** An event as deciders see it: a type in domain words and its data. */
export interface DomainEvent<T extends string = string, D extends EventData = EventData> {
  type: T;
  data: D;
}

/** A domain event read back from the log: its type and data, plus its metadata, stream and position. */
export type Recorded<E extends DomainEvent> = E & Omit<RecordedEvent<E['data']>, 'type' | 'data'>;

/**
 * A pure decider: `evolve` folds an aggregate's events into state; `decide` turns a command into
 * new events or throws a DomainError. `facts` are what the decision needs from outside the
 * aggregate's own stream (read models), looked up by the application before deciding. No I/O.
 */
export interface Decider<S, C, E extends DomainEvent, F = void> {
  initialState: () => S;
  evolve: (state: S, event: Recorded<E>) => S;
  decide: (state: S, command: C, facts: F) => E[];
}

/**
 * An aggregate, declared once: its decider, the stream category its instances live in, and every
 * event type it writes with the schema version written in their metadata now. The application
 * turns it into a writer (`AggregateWriter` in @docs/platform), which needs nothing else.
 */
export interface Aggregate<S, C extends { type: string }, E extends DomainEvent, F = void> extends Decider<S, C, E, F> {
  /** The instance with id `x` lives in stream `<category>-x` (EventStoreDB's category streams). */
  category: string;
  schemaVersions: { readonly [K in E['type']]: number };
}

/** The stream of one instance of an aggregate. */
export const streamOf = (aggregate: Pick<Aggregate<unknown, { type: string }, DomainEvent, unknown>, 'category'>, id: string): string =>
  `${aggregate.category}-${id}`;

/** The event types an aggregate writes. */
export const eventTypesOf = <E extends DomainEvent>(aggregate: { schemaVersions: { readonly [K in E['type']]: number } }): E['type'][] =>
  Object.keys(aggregate.schemaVersions) as E['type'][];
