import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ContextCommand, forbidden } from '@docs/platform';
import { installationIdOf } from './installation.decider';
import { InstallationDoc, IntegrationsReadModel } from '../integrations/integrations.read-model';
import { IntegrationViews } from '../integrations/integration-views';
import { InstallationWriter } from './installation-writer';

export class InstallIntegration extends ContextCommand<{ name: string; organizationId: string }, InstallationDoc> {}

/**
 * installIntegration at organization level: an admin of the organization installs an integration
 * they can see (404 otherwise); a private one only on its owner organization; once (409 after).
 */
@CommandHandler(InstallIntegration)
export class InstallIntegrationHandler implements ICommandHandler<InstallIntegration> {
  constructor(
    private readonly writer: InstallationWriter,
    private readonly views: IntegrationViews,
    private readonly read: IntegrationsReadModel,
  ) {}

  async execute({ props: { name, organizationId }, ctx }: InstallIntegration): Promise<InstallationDoc> {
    const { doc } = await this.views.visible(name, ctx.actor);
    if (doc.visibility === 'private' && doc.organizationId !== organizationId)
      throw forbidden('a private integration can only be installed on its owner organization');
    const installationId = installationIdOf(name, doc.incarnation, organizationId);
    await this.writer.execute(
      installationId,
      { type: 'InstallIntegration', installationId, integrationName: name, incarnation: doc.incarnation, organizationId },
      ctx,
    );
    return this.read.installation(installationId);
  }
}
