import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { OrganizationDoc } from './organizations.read-model';
import { TeamsReadModel } from '../teams/teams.read-model';
import { ScopeQuery } from '../shared/organization-scope';

/** An organization, with what its `permissions` need beyond the caller's membership. */
export interface OrganizationView {
  organization: OrganizationDoc;
  /** The caller owns one of its teams (`permissions.ownTeam`). */
  ownsTeam: boolean;
}

export class GetOrganization extends ScopeQuery<OrganizationView> {}

/** GET /v1/orgs/{organizationId}: members only; anyone else gets 404. */
@QueryHandler(GetOrganization)
export class GetOrganizationHandler implements IQueryHandler<GetOrganization> {
  constructor(private readonly teams: TeamsReadModel) {}

  async execute({ scope }: GetOrganization): Promise<OrganizationView> {
    const { organization, member } = await scope.membership();
    const { ownsTeam } = await this.teams.teamsOf(organization.id, member.userId);
    return { organization, ownsTeam };
  }
}
