import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MergeRulesConfiguration } from '@docs/kernel';
import { OrganizationSettings } from './organization.decider';
import { OrganizationsReadModel } from './organizations.read-model';
import { TeamsReadModel } from '../teams/teams.read-model';
import { OrganizationView } from './get-organization';
import { OrganizationCommand } from '../shared/organization-scope';
import { OrganizationWriter } from './organization-writer';

export class UpdateOrganization extends OrganizationCommand<
  { changes: OrganizationSettings; mergeRules?: MergeRulesConfiguration },
  OrganizationView
> {}

/**
 * PATCH /v1/orgs/{organizationId}: admins only; omitted fields stay, null clears a nullable one;
 * a hostname another organization uses is a 409. `mergeRules`, when sent, replaces the merge rules
 * (users they name must be members).
 */
@CommandHandler(UpdateOrganization)
export class UpdateOrganizationHandler implements ICommandHandler<UpdateOrganization> {
  constructor(
    private readonly organizations: OrganizationWriter,
    private readonly read: OrganizationsReadModel,
    private readonly teams: TeamsReadModel,
  ) {}

  async execute({ props: { changes, mergeRules }, scope }: UpdateOrganization): Promise<OrganizationView> {
    await this.organizations.executeIn({ type: 'UpdateOrganization', changes, ...(mergeRules !== undefined ? { mergeRules } : {}) }, scope);
    const { organizationId } = scope;
    const [organization, { ownsTeam }] = await Promise.all([
      this.read.organization(organizationId),
      this.teams.teamsOf(organizationId, scope.actor),
    ]);
    return { organization, ownsTeam };
  }
}
