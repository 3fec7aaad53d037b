/** Who asked for a command and in answer to what: it becomes the events' metadata. */
export interface CommandContext {
  /** User id, or `system`. */
  actor: string;
  /** The request id. */
  correlationId: string;
  causationId?: string | null;
  /** The client's Idempotency-Key header, if any. */
  idempotencyKey?: string;
}

export const systemContext = (correlationId: string): CommandContext => ({ actor: 'system', correlationId });
