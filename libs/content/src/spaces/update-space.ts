import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SpaceSettings } from './space.events';
import { SpaceCommand, SpaceView } from './space-scope';
import { SpaceWriter } from './space-writer';

export class UpdateSpace extends SpaceCommand<{ changes: Partial<SpaceSettings> }, SpaceView> {}

/** PATCH /v1/spaces/{spaceId}: space admins change the title, emoji, edit mode and default level; only what changes is recorded. */
@CommandHandler(UpdateSpace)
export class UpdateSpaceHandler implements ICommandHandler<UpdateSpace> {
  constructor(private readonly writer: SpaceWriter) {}

  async execute({ props: { changes }, scope }: UpdateSpace): Promise<SpaceView> {
    const { space } = await scope.requirePermission('admin', 'changing the space settings');
    await this.writer.execute(space.id, { type: 'UpdateSpace', changes }, scope);
    scope.refresh();
    return scope.view();
  }
}
