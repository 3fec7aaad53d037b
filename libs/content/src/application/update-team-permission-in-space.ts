import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SpaceRole } from '../domain/space-roles';
import { SpaceGrants } from './space-grants';
import { SpaceCommand } from './space-scope';

export class UpdateTeamPermissionInSpace extends SpaceCommand<{ teamId: string; role: SpaceRole | null | undefined }> {}

/** PATCH /v1/spaces/{spaceId}/permissions/teams/{teamId}: space admins change a team's direct grant (null removes it); 404 without one. */
@CommandHandler(UpdateTeamPermissionInSpace)
export class UpdateTeamPermissionInSpaceHandler implements ICommandHandler<UpdateTeamPermissionInSpace> {
  constructor(private readonly grants: SpaceGrants) {}

  execute({ props: { teamId, role }, scope }: UpdateTeamPermissionInSpace): Promise<void> {
    return this.grants.change(scope, 'team', teamId, role);
  }
}
