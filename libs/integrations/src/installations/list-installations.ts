import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CallerQuery, FindResult, forbidden, Page } from '@docs/platform';
import { InstallationDoc, IntegrationsReadModel } from '../integrations/integrations.read-model';
import { isAdmin, IntegrationViews } from '../integrations/integration-views';

export class ListInstallations extends CallerQuery<{ name: string; externalId?: string; page: Page }, FindResult<InstallationDoc>> {}

/** listIntegrationInstallations: the admins of the owner organization (GitBook: the integration itself), oldest first. */
@QueryHandler(ListInstallations)
export class ListInstallationsHandler implements IQueryHandler<ListInstallations> {
  constructor(
    private readonly views: IntegrationViews,
    private readonly read: IntegrationsReadModel,
  ) {}

  async execute({ props: { name, externalId, page }, caller }: ListInstallations): Promise<FindResult<InstallationDoc>> {
    const { owner } = await this.views.visible(name, caller.userId);
    if (!isAdmin(owner.caller)) throw forbidden('only admins of the owner organization can list its installations');
    return this.read.installations(name, externalId, page);
  }
}
