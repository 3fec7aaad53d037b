import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SpaceCommand } from './space-scope';
import { SpaceWriter } from './space-writer';

export class DeleteSpace extends SpaceCommand<Record<string, never>> {}

/**
 * DELETE /v1/spaces/{spaceId}: space admins move it to the trash (`deletedAt`); it leaves every
 * list and answers 404, restorable for SPACE_RETENTION_DAYS, then purged. A space already in the
 * trash is 404 (it is invisible).
 */
@CommandHandler(DeleteSpace)
export class DeleteSpaceHandler implements ICommandHandler<DeleteSpace> {
  constructor(private readonly writer: SpaceWriter) {}

  async execute({ scope }: DeleteSpace): Promise<void> {
    const { space } = await scope.requirePermission('admin', 'deleting a space');
    await this.writer.execute(space.id, { type: 'DeleteSpace' }, scope);
  }
}
