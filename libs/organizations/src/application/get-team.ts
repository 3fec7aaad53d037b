import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { MemberDoc } from '../projections/read-model-types';
import { TeamDoc } from '../projections/teams.projection';
import { TeamReadAccess } from './team-commands';

export class GetTeam extends Query<{ team: TeamDoc; caller: MemberDoc }> {
  constructor(
    readonly organizationId: string,
    readonly teamId: string,
    readonly userId: string,
  ) {
    super();
  }
}

/** GET /v1/orgs/{organizationId}/teams/{teamId}: organization members with a role. */
@QueryHandler(GetTeam)
export class GetTeamHandler implements IQueryHandler<GetTeam> {
  constructor(private readonly reads: TeamReadAccess) {}

  async execute({ organizationId, teamId, userId }: GetTeam) {
    const caller = await this.reads.requireReader(organizationId, userId);
    const team = await this.reads.requireTeam(organizationId, teamId);
    return { team, caller };
  }
}
