import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TeamRole } from './team.decider';
import { OrganizationCommand } from '../shared/organization-scope';
import { TeamWriter } from './team-writer';

export class SetTeamMember extends OrganizationCommand<{ teamId: string; userId: string; role: TeamRole }> {}

/** PUT /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}: adds the member or changes their role. */
@CommandHandler(SetTeamMember)
export class SetTeamMemberHandler implements ICommandHandler<SetTeamMember> {
  constructor(private readonly teams: TeamWriter) {}

  async execute({ props: { teamId, userId, role }, scope }: SetTeamMember): Promise<void> {
    await this.teams.executeIn(teamId, { type: 'SetTeamMember', userId, role }, scope);
  }
}
