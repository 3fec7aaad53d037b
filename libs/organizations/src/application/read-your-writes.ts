import { Injectable } from '@nestjs/common';
import { Consistency, ProjectionRegistry } from '@docs/platform';

/**
 * Read your writes for commands whose events several projections follow (a removed member leaves
 * the member list and their teams): waits until every projection that handles one of the appended
 * event types has passed the append's position.
 */
@Injectable()
export class ReadYourWrites {
  constructor(
    private readonly consistency: Consistency,
    private readonly registry: ProjectionRegistry,
  ) {}

  async waitFor(position: bigint | null, eventTypes: readonly string[], always: string[] = []): Promise<void> {
    if (position === null) return;
    const names = new Set(always);
    for (const projection of this.registry.all()) {
      if (projection.handles.some((type) => eventTypes.includes(type))) names.add(projection.name);
    }
    await this.consistency.waitFor(position, [...names]);
  }
}
