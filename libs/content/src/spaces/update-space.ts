import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SpaceMergeRulesConfiguration } from '@docs/kernel';
import { SpaceSettings } from './space.events';
import { SpaceCommand, SpaceView } from './space-scope';
import { SpaceWriter } from './space-writer';

export class UpdateSpace extends SpaceCommand<{ changes: Partial<SpaceSettings>; mergeRules?: SpaceMergeRulesConfiguration }, SpaceView> {}

/**
 * PATCH /v1/spaces/{spaceId}: space admins change the title, emoji, edit mode, default level and
 * merge rules; only what changes is recorded.
 */
@CommandHandler(UpdateSpace)
export class UpdateSpaceHandler implements ICommandHandler<UpdateSpace> {
  constructor(private readonly writer: SpaceWriter) {}

  async execute({ props: { changes, mergeRules }, scope }: UpdateSpace): Promise<SpaceView> {
    const { space } = await scope.requirePermission('admin', 'changing the space settings');
    await this.writer.execute(space.id, { type: 'UpdateSpace', changes, ...(mergeRules !== undefined ? { mergeRules } : {}) }, scope);
    scope.refresh();
    return scope.view();
  }
}
