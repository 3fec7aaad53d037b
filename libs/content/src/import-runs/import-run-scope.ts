import { Injectable } from '@nestjs/common';
import { Caller } from '@docs/platform';
import { SpacesReadModel } from '../spaces/reads/spaces.read-model';
import { SpaceAccess } from '../spaces/space-access';
import { SpaceScope } from '../spaces/space-scope';

/**
 * The space scope an import run works in: its target space, as the caller (a request that starts
 * or cancels the run) or as the user who started it (the processor, with an Idempotency-Key made
 * of the run's id, so the ids of what it creates derive from the run and a resumed run makes the
 * same ones).
 */
@Injectable()
export class ImportRunScopes {
  constructor(
    private readonly spaces: SpacesReadModel,
    private readonly access: SpaceAccess,
  ) {}

  of(spaceId: string, caller: Caller): SpaceScope {
    return new SpaceScope(spaceId, caller, this.spaces, this.access);
  }

  forRun(run: { id: string; space: string; createdBy: string }): SpaceScope {
    return this.of(run.space, { userId: run.createdBy, requestId: `import-run-${run.id}`, idempotencyKey: `import-run:${run.id}` });
  }
}
