import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SpaceGrants } from './space-grants';
import { SpaceCommand } from './space-scope';

export class RemoveTeamFromSpace extends SpaceCommand<{ teamId: string }> {}

/** DELETE /v1/spaces/{spaceId}/permissions/teams/{teamId}: space admins remove a team's direct grant; 404 without one. */
@CommandHandler(RemoveTeamFromSpace)
export class RemoveTeamFromSpaceHandler implements ICommandHandler<RemoveTeamFromSpace> {
  constructor(private readonly grants: SpaceGrants) {}

  execute({ props: { teamId }, scope }: RemoveTeamFromSpace): Promise<void> {
    return this.grants.change(scope, 'team', teamId, null);
  }
}
