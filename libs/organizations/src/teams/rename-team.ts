import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TeamsReadModel } from './teams.read-model';
import { OrganizationCommand } from '../shared/organization-scope';
import { TeamWriter } from './team-writer';
import { TeamView, TeamViews } from './team-views';

export class RenameTeam extends OrganizationCommand<{ teamId: string; title: string }, TeamView> {}

/** PATCH /v1/orgs/{organizationId}/teams/{teamId}: admins only. */
@CommandHandler(RenameTeam)
export class RenameTeamHandler implements ICommandHandler<RenameTeam> {
  constructor(
    private readonly teams: TeamWriter,
    private readonly read: TeamsReadModel,
    private readonly views: TeamViews,
  ) {}

  async execute({ props: { teamId, title }, scope }: RenameTeam): Promise<TeamView> {
    await this.teams.executeIn(teamId, { type: 'RenameTeam', title }, scope);
    return this.views.of(await this.read.team(scope.organizationId, teamId));
  }
}
