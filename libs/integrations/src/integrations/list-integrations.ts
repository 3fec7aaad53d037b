import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CallerQuery, FindResult, Page } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { IntegrationFilters, IntegrationsReadModel, MARKETPLACE, ownerAudience, ownerPublicAudience } from './integrations.read-model';
import { IntegrationView, IntegrationViews } from './integration-views';

export class ListIntegrations extends CallerQuery<{ filters: IntegrationFilters; page: Page }, FindResult<IntegrationView>> {}

/**
 * listIntegrations, by name. Without `owner`: the public integrations (the marketplace). With
 * `owner`: that organization's integrations, all of them (private and unlisted too) for its
 * members with a role, its public ones for anyone else.
 */
@QueryHandler(ListIntegrations)
export class ListIntegrationsHandler implements IQueryHandler<ListIntegrations> {
  constructor(
    private readonly read: IntegrationsReadModel,
    private readonly views: IntegrationViews,
    private readonly directory: OrganizationDirectory,
  ) {}

  async execute({ props: { filters, page }, caller }: ListIntegrations): Promise<FindResult<IntegrationView>> {
    let audience = MARKETPLACE;
    if (filters.owner !== undefined) {
      const role = await this.directory.roleOf(filters.owner, caller.userId);
      audience = role !== undefined && role !== null ? ownerAudience(filters.owner) : ownerPublicAudience(filters.owner);
    }
    const result = await this.read.list(audience, filters, page);
    return { ...result, items: await this.views.all(result.items, caller.userId) };
  }
}
