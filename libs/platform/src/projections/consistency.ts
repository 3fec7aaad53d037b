import { ReadStore } from '../read-store/read-store';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionLagError, ProjectionRunner } from './projection-runner';

const POLL_MS = 10;

/**
 * Read your writes: a write endpoint waits here until the projections have passed the position it
 * appended, so every GET after a 2xx write sees it. In a process that runs the projections the
 * runner signals it, and the wait covers every projection (each one moves past events it ignores
 * at once, so this costs no more than the slowest batch): any read model the caller reads next,
 * the audit trail included, shows the write. An API-only replica (ROLE=api) polls the stored
 * checkpoints of the projections named, which are those that apply the write's events.
 */
export class Consistency {
  constructor(
    private readonly runner: ProjectionRunner | null,
    private readonly store: ReadStore,
    private readonly timeoutMs: number,
    private readonly registry?: ProjectionRegistry,
  ) {}

  /**
   * Waits for every projection that handles one of `eventTypes` (plus `also`), for commands whose
   * events several read models follow: a removed member leaves the member list and their teams.
   */
  async waitForEvents(position: bigint | null, eventTypes: readonly string[], also: string[] = []): Promise<void> {
    if (position === null) return;
    const names = new Set(also);
    for (const projection of this.registry?.all() ?? []) {
      if (projection.handles.some((type) => eventTypes.includes(type))) names.add(projection.name);
    }
    await this.waitFor(position, [...names]);
  }

  async waitFor(position: bigint | null, projections: string[]): Promise<void> {
    if (position === null) return;
    if (this.runner) return this.runner.waitFor(position, undefined, this.timeoutMs);
    const deadline = Date.now() + this.timeoutMs;
    for (;;) {
      const lagging: string[] = [];
      for (const name of projections) {
        const state = await this.store.getProjectionState(name);
        if (state?.status === 'stopped') continue; // paused by an operator: not waited for
        if (!state || state.checkpoint === null || state.checkpoint < position) lagging.push(name);
      }
      if (lagging.length === 0) return;
      if (Date.now() > deadline) throw new ProjectionLagError(position, lagging);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
}
