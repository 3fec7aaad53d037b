import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { found } from '@docs/platform';
import { OrganizationCommand } from '@docs/organizations';
import { EditMode } from './space.events';
import { SpacesReadModel } from './reads/spaces.read-model';
import { ContentSiblings } from '../content-tree/content-siblings';
import { SpaceAccess, withCaller } from './space-access';
import { SpaceView } from './space-scope';
import { SpaceWriter } from './space-writer';

export class CreateSpace extends OrganizationCommand<
  { title: string; emoji: string; parent: string | null; editMode: EditMode; empty: boolean },
  SpaceView
> {}

/**
 * POST /v1/orgs/{organizationId}/spaces: members with the create or admin role. The space comes
 * last among its parent's children, with a new live revision; in a collection it inherits the
 * collection's default level, at the top level it has none.
 */
@CommandHandler(CreateSpace)
export class CreateSpaceHandler implements ICommandHandler<CreateSpace> {
  constructor(
    private readonly writer: SpaceWriter,
    private readonly spaces: SpacesReadModel,
    private readonly access: SpaceAccess,
    private readonly siblings: ContentSiblings,
  ) {}

  async execute({ props: { title, emoji, parent, editMode, empty }, scope }: CreateSpace): Promise<SpaceView> {
    const caller = await this.access.callerIn(scope);
    const { organizationId } = scope;
    const spaceId = scope.createdId('space');
    const rank = await this.siblings.rankAtEnd(organizationId, parent);
    await this.writer.execute(
      spaceId,
      {
        type: 'CreateSpace',
        spaceId,
        organizationId,
        title,
        emoji,
        editMode,
        defaultLevel: parent === null ? null : 'inherit',
        parent,
        rank,
        revisionId: scope.createdId('revision'),
        ...(empty ? { empty: true as const } : {}),
      },
      withCaller(scope, caller),
    );
    const space = found(await this.spaces.space(spaceId), 'space not found');
    return { space, role: (await this.access.rolesOn([space], caller)).get(spaceId)! };
  }
}
