import type { Consistency } from '@docs/platform';

/** What the application's next wait for its projections does: wait until released, or fail as lagging. */
export type NextProjectionWait = 'hold' | 'fail';

/**
 * Steers the next `Consistency.waitFor` of an application (what a use case calls after appending,
 * before it answers): held until the test releases it, to catch a request in flight; or failed
 * with a ProjectionLagError, as when the projections fall behind. Only that one wait; later ones run as usual.
 */
export class ProjectionWaitGate {
  private entered: Promise<void> = Promise.resolve();
  private release: () => void = () => undefined;

  constructor(private readonly consistency: Consistency) {}

  /** `lagging`: the projections a failed wait names as behind. */
  next(mode: NextProjectionWait, lagging: string[] = []): void {
    const { ProjectionLagError } = require('@docs/platform') as typeof import('@docs/platform');
    const consistency = this.consistency;
    const waitFor = consistency.waitFor;
    let enter!: () => void;
    this.entered = new Promise<void>((resolve) => (enter = resolve));
    const gate = new Promise<void>((resolve) => (this.release = resolve));
    consistency.waitFor = async (...args) => {
      consistency.waitFor = waitFor;
      enter();
      if (mode === 'fail') throw new ProjectionLagError(0n, lagging);
      await gate;
      return waitFor.apply(consistency, args);
    };
  }

  /** Answers once a held wait has begun. */
  held(): Promise<void> {
    return this.entered;
  }

  /** Lets a held wait go on. */
  released(): void {
    this.release();
  }
}
