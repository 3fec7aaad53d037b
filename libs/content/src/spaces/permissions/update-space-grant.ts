import { Role } from '@docs/kernel';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { GrantKind } from '../reads/spaces.read-model';
import { SpaceGrants } from './space-grants';
import { SpaceCommand } from '../space-scope';

export class UpdateSpaceGrant extends SpaceCommand<{ kind: GrantKind; principalId: string; role: Role | null | undefined }> {}

/**
 * PATCH /v1/spaces/{spaceId}/permissions/users/{userId} and .../permissions/teams/{teamId}: space
 * admins change a user's or team's direct grant (null removes it); 404 without one.
 */
@CommandHandler(UpdateSpaceGrant)
export class UpdateSpaceGrantHandler implements ICommandHandler<UpdateSpaceGrant> {
  constructor(private readonly grants: SpaceGrants) {}

  execute({ props: { kind, principalId, role }, scope }: UpdateSpaceGrant): Promise<void> {
    return this.grants.change(scope, kind, principalId, role);
  }
}
