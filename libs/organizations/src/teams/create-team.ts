import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TeamsReadModel } from './teams.read-model';
import { OrganizationCommand } from '../shared/organization-scope';
import { TeamWriter } from './team-writer';
import { TeamView, TeamViews } from './team-views';

export class CreateTeam extends OrganizationCommand<{ title: string; members: string[] }, TeamView> {}

/** PUT /v1/orgs/{organizationId}/teams: admins only; `members` must be organization members. */
@CommandHandler(CreateTeam)
export class CreateTeamHandler implements ICommandHandler<CreateTeam> {
  constructor(
    private readonly teams: TeamWriter,
    private readonly read: TeamsReadModel,
    private readonly views: TeamViews,
  ) {}

  async execute({ props: { title, members }, scope }: CreateTeam): Promise<TeamView> {
    const teamId = scope.createdId('team');
    await this.teams.executeIn(teamId, { type: 'CreateTeam', teamId, title, members }, scope);
    return this.views.of(await this.read.team(scope.organizationId, teamId));
  }
}
