/**
 * Events as the domain and the stores see them. Positions and revisions are 64-bit: bigints in
 * code, strings on the wire.
 */

/** Metadata carried by every event. */
export interface EventMetadata {
  schemaVersion: number;
  /** User id, or `system`. */
  actor: string;
  /** The request id that caused the command. */
  correlationId: string;
  /** The id of the message (request or event) that directly caused this one. */
  causationId: string | null;
  /** ISO 8601 UTC. */
  occurredAt: string;
}

export type EventData = Record<string, unknown>;

/** An event as stored. */
export interface RecordedEvent<T extends EventData = EventData> {
  id: string;
  type: string;
  data: T;
  metadata: EventMetadata;
  streamId: string;
  /** 0-based revision of the event in its stream. */
  revision: bigint;
  /** Position in the global log; strictly increasing in log order. */
  position: bigint;
}
