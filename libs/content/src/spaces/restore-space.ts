import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SpaceCommand, SpaceView } from './space-scope';
import { SpaceRetention } from './space-retention';
import { SpaceWriter } from './space-writer';

export class RestoreSpace extends SpaceCommand<Record<string, never>, SpaceView> {}

/**
 * POST /v1/spaces/{spaceId}/restore: space admins take a space out of the trash within its
 * retention period (after it, and once purged, the space is 404); a space not in the trash is 409.
 */
@CommandHandler(RestoreSpace)
export class RestoreSpaceHandler implements ICommandHandler<RestoreSpace> {
  constructor(
    private readonly writer: SpaceWriter,
    private readonly retention: SpaceRetention,
  ) {}

  async execute({ scope }: RestoreSpace): Promise<SpaceView> {
    const { space } = await scope.requirePermission('admin', 'restoring a space', { inTrash: true });
    await this.writer.execute(space.id, { type: 'RestoreSpace', retentionCutoff: this.retention.cutoff() }, scope);
    scope.refresh();
    return scope.view();
  }
}
