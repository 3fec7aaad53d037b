/**
 * The event store port. Adapters: embedded SQLite (default) and EventStoreDB.
 *
 * Positions and revisions are 64-bit: they are bigints in code and strings on the wire.
 */

import { EventData, EventMetadata, RecordedEvent } from '@docs/kernel';

export type { EventData, EventMetadata, RecordedEvent };

/** An event about to be appended. */
export interface NewEvent<T extends EventData = EventData> {
  /** UUID; appending the same id twice appends once. Generated when absent. */
  id?: string;
  type: string;
  data: T;
  metadata: EventMetadata;
}

/** `any`: no check; `no_stream`: the stream must not exist; bigint: the stream's last revision must be this. */
export type ExpectedRevision = 'any' | 'no_stream' | bigint;

export interface AppendResult {
  /** Revision of the last event of the stream after the append. */
  nextRevision: bigint;
  /** Global position of the last appended event. */
  position: bigint;
}

/** One stream of the log, as `streams()` lists it. */
export interface StreamSummary {
  streamId: string;
  /** Events in the stream. */
  events: number;
  /** Global position of its last event. */
  lastPosition: bigint;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface SubscriptionHandler {
  /** Called in log order, one batch at a time; the next batch waits for the returned promise. */
  onEvents(events: RecordedEvent[]): Promise<void>;
  /** The subscription stopped because the store failed or the handler threw. */
  onError(error: Error): void;
}

export abstract class EventStore {
  /** Appends atomically; throws WrongExpectedRevisionError when `expected` does not hold. */
  abstract append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** The events of one stream in revision order (empty when the stream does not exist). */
  abstract readStream(streamId: string): Promise<RecordedEvent[]>;
  /** Events of the global log strictly after `after` (null: from the start), at most `limit`. */
  abstract readAll(after: bigint | null, limit: number): Promise<RecordedEvent[]>;
  /** Events of the global log strictly before `before` (null: from the end), newest first, at most `limit`. */
  abstract readAllBackwards(before: bigint | null, limit: number): Promise<RecordedEvent[]>;
  /** Every stream with its event count, in stream id order (operator tooling: may scan the whole log). */
  abstract streams(): Promise<StreamSummary[]>;
  /** Catch-up from `after`, then live; batches arrive in log order. */
  abstract subscribeToAll(after: bigint | null, handler: SubscriptionHandler): Subscription;
  /** Position of the last event in the log, or null when the log is empty. */
  abstract headPosition(): Promise<bigint | null>;
  abstract close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** A store configured by the operator cannot be reached; the message is one clear line. */
export class StoreUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreUnavailableError';
  }
}
