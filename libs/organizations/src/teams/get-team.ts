import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { organizationPermissions } from '../organizations/organization.policy';
import { TeamsReadModel } from './teams.read-model';
import { GUESTS_CANNOT_SEE_TEAMS } from '../shared/guests';
import { OrganizationQuery } from '../shared/organization-scope';
import { TeamView, TeamViews } from './team-views';

export class GetTeam extends OrganizationQuery<{ teamId: string }, TeamView> {}

/** GET /v1/orgs/{organizationId}/teams/{teamId}: organization members with a role. */
@QueryHandler(GetTeam)
export class GetTeamHandler implements IQueryHandler<GetTeam> {
  constructor(
    private readonly read: TeamsReadModel,
    private readonly views: TeamViews,
  ) {}

  async execute({ props: { teamId }, scope }: GetTeam): Promise<TeamView> {
    await scope.requireAllowed((role) => organizationPermissions({ role }).listTeams, GUESTS_CANNOT_SEE_TEAMS);
    return this.views.of(await this.read.team(scope.organizationId, teamId));
  }
}
