/**
 * Why a piece of bounded work did not give an answer (docs/architecture.md, "Bounded work"):
 * - `busy`: the queue, or the caller's key (an organization), already holds as much as it may;
 * - `timeout`: it ran past its time budget and its worker was stopped;
 * - `memory`: its worker ran out of the heap it was given and was stopped;
 * - `failed`: the task threw (`causeName` and the message say what it threw).
 */
export type WorkFailureKind = 'busy' | 'timeout' | 'memory' | 'failed';

export class WorkError extends Error {
  override readonly name = 'WorkError';

  constructor(
    readonly kind: WorkFailureKind,
    message: string,
    /** For `failed`: the name of the error the task threw (`RangeError`, or a task's own error name). */
    readonly causeName?: string,
    /** For `failed`: what the task attached to its error as `details` (structured-cloneable). */
    readonly details?: unknown,
  ) {
    super(message);
  }
}
