import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ContentSiblings } from '../content-tree/content-siblings';
import { SpaceCommand, SpaceView } from './space-scope';
import { SpaceWriter } from './space-writer';

export class TransferSpace extends SpaceCommand<{ organization: string }, SpaceView> {}

/**
 * POST /v1/spaces/{spaceId}/transfer: an admin of the space who is also an admin of the target
 * organization moves it there, last at its top level. Direct grants of people who are not
 * members there, and every team grant, are dropped; a transfer to its own organization is 409.
 */
@CommandHandler(TransferSpace)
export class TransferSpaceHandler implements ICommandHandler<TransferSpace> {
  constructor(
    private readonly writer: SpaceWriter,
    private readonly siblings: ContentSiblings,
  ) {}

  async execute({ props: { organization }, scope }: TransferSpace): Promise<SpaceView> {
    const { space } = await scope.requirePermission('admin', 'transferring a space');
    const rank = await this.siblings.rankAtEnd(organization, null);
    await this.writer.execute(space.id, { type: 'TransferSpace', toOrganizationId: organization, rank }, scope);
    scope.refresh();
    return scope.view();
  }
}
