/** Who asked for a command and in answer to what: it becomes the events' metadata. */
export interface CommandContext {
  /** User id, or `system`. */
  actor: string;
  /** The request id. */
  correlationId: string;
  causationId?: string | null;
  /**
   * Present when the client sent an Idempotency-Key: the key bound to the request's fingerprint
   * (idempotency-claim.hook.ts). Opaque: event and aggregate ids derive from it, so a retried
   * request lands on the same ids and a different request under the same key never does.
   */
  idempotencyKey?: string;
}

export const systemContext = (correlationId: string): CommandContext => ({ actor: 'system', correlationId });
