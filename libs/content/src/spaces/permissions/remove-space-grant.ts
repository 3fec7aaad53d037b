import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { GrantKind } from '../reads/spaces.read-model';
import { SpaceGrants } from './space-grants';
import { SpaceCommand } from '../space-scope';

export class RemoveSpaceGrant extends SpaceCommand<{ kind: GrantKind; principalId: string }> {}

/**
 * DELETE /v1/spaces/{spaceId}/permissions/users/{userId} and .../permissions/teams/{teamId}: space
 * admins remove a user's or team's direct grant; 404 without one.
 */
@CommandHandler(RemoveSpaceGrant)
export class RemoveSpaceGrantHandler implements ICommandHandler<RemoveSpaceGrant> {
  constructor(private readonly grants: SpaceGrants) {}

  execute({ props: { kind, principalId }, scope }: RemoveSpaceGrant): Promise<void> {
    return this.grants.change(scope, kind, principalId, null);
  }
}
