import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationCommand } from '../shared/organization-scope';
import { TeamWriter } from './team-writer';

export class RemoveTeamMember extends OrganizationCommand<{ teamId: string; userId: string }> {}

/** DELETE /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}. */
@CommandHandler(RemoveTeamMember)
export class RemoveTeamMemberHandler implements ICommandHandler<RemoveTeamMember> {
  constructor(private readonly teams: TeamWriter) {}

  async execute({ props: { teamId, userId }, scope }: RemoveTeamMember): Promise<void> {
    await this.teams.executeIn(teamId, { type: 'RemoveTeamMember', userId }, scope);
  }
}
