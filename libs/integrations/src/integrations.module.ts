import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { GetIntegrationHandler } from './application/get-integration';
import { InstallIntegrationHandler } from './application/install-integration';
import { InstallationWriter } from './application/installation-writer';
import { IntegrationViews } from './application/integration-views';
import { IntegrationWriter } from './application/integration-writer';
import { ListInstallationsHandler } from './application/list-installations';
import { ListIntegrationsHandler } from './application/list-integrations';
import { PublishIntegrationHandler } from './application/publish-integration';
import { UnpublishIntegrationHandler } from './application/unpublish-integration';
import { IntegrationNamePipe } from './http/integration-name.pipe';
import { IntegrationsController } from './http/integrations.controller';
import { IntegrationsPresenter } from './http/integrations.presenter';
import { IntegrationsReadModel } from './projections/integrations.read-model';

/**
 * Integrations (docs/integrations-design.md): published by organization admins under a global
 * name, listed and read by visibility, installed on organizations. Organizations are reached only
 * through their public index.
 */
@Module({
  imports: [OrganizationsModule],
  controllers: [IntegrationsController],
  providers: [
    IntegrationWriter, InstallationWriter, IntegrationsReadModel, IntegrationViews, IntegrationsPresenter, IntegrationNamePipe,
    PublishIntegrationHandler, UnpublishIntegrationHandler, GetIntegrationHandler, ListIntegrationsHandler, InstallIntegrationHandler, ListInstallationsHandler,
  ],
})
export class IntegrationsModule {}
