import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TeamDoc, TeamsReadModel } from '../projections/teams.read-model';
import { GUESTS_CANNOT_SEE_TEAMS } from './guests';
import { OrganizationQuery } from './organization-scope';

export class GetTeam extends OrganizationQuery<{ teamId: string }, TeamDoc> {}

/** GET /v1/orgs/{organizationId}/teams/{teamId}: organization members with a role. */
@QueryHandler(GetTeam)
export class GetTeamHandler implements IQueryHandler<GetTeam> {
  constructor(private readonly read: TeamsReadModel) {}

  async execute({ props: { teamId }, scope }: GetTeam): Promise<TeamDoc> {
    await scope.requireRole(GUESTS_CANNOT_SEE_TEAMS);
    return this.read.team(scope.organizationId, teamId);
  }
}
