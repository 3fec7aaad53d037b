import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationScope } from './organization-scope';
import { TeamWriter } from './team-writer';

export class RemoveTeamMember extends Command<void> {
  constructor(
    readonly props: { teamId: string; userId: string },
    readonly scope: OrganizationScope,
  ) {
    super();
  }
}

/** DELETE /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}. */
@CommandHandler(RemoveTeamMember)
export class RemoveTeamMemberHandler implements ICommandHandler<RemoveTeamMember> {
  constructor(private readonly teams: TeamWriter) {}

  async execute({ props: { teamId, userId }, scope }: RemoveTeamMember): Promise<void> {
    await this.teams.execute(teamId, { type: 'RemoveTeamMember', organizationId: scope.organizationId, userId }, scope);
  }
}
