import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { GetIntegrationHandler } from './integrations/get-integration';
import { InstallIntegrationHandler } from './installations/install-integration';
import { InstallationWriter } from './installations/installation-writer';
import { IntegrationViews } from './integrations/integration-views';
import { IntegrationWriter } from './integrations/integration-writer';
import { ListInstallationsHandler } from './installations/list-installations';
import { ListIntegrationsHandler } from './integrations/list-integrations';
import { PublishIntegrationHandler } from './integrations/publish-integration';
import { UnpublishIntegrationHandler } from './integrations/unpublish-integration';
import { IntegrationNamePipe } from './integrations/integration-name.pipe';
import { IntegrationsController } from './integrations/integrations.controller';
import { IntegrationsPresenter } from './integrations/integrations.presenter';
import { IntegrationsReadModel } from './integrations/integrations.read-model';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * Integrations (docs/integrations-design.md): published by organization admins under a global
 * name, listed and read by visibility, installed on organizations. Organizations are reached only
 * through their public index.
 */
@Module({
  imports: [OrganizationsModule, WebhooksModule],
  controllers: [IntegrationsController],
  providers: [
    IntegrationWriter,
    InstallationWriter,
    IntegrationsReadModel,
    IntegrationViews,
    IntegrationsPresenter,
    IntegrationNamePipe,
    PublishIntegrationHandler,
    UnpublishIntegrationHandler,
    GetIntegrationHandler,
    ListIntegrationsHandler,
    InstallIntegrationHandler,
    ListInstallationsHandler,
  ],
})
export class IntegrationsModule {}
