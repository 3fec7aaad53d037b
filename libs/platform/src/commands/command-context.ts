import { idFromSeed, newId } from '@docs/kernel';

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

/**
 * The id of an entity a command creates. Random, except for a request with an Idempotency-Key:
 * then derived from the key (bound to the request's fingerprint), so a retry lands on the same id.
 * `kind` and `scope` ("team", the organization id) keep ids of different creations apart.
 */
export function createdId(ctx: CommandContext, kind: string, scope: string): string {
  return ctx.idempotencyKey ? idFromSeed(`${kind}:${scope}:${ctx.actor}:${ctx.idempotencyKey}`) : newId();
}
