import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ContextCommand } from '@docs/platform';
import { integrationIdOf } from './integration.decider';
import { IntegrationViews } from './integration-views';
import { IntegrationWriter } from './integration-writer';

export class UnpublishIntegration extends ContextCommand<{ name: string }> {}

/** unpublishIntegration: admins of the owner organization; anyone who cannot see it gets 404, others 403. */
@CommandHandler(UnpublishIntegration)
export class UnpublishIntegrationHandler implements ICommandHandler<UnpublishIntegration> {
  constructor(
    private readonly writer: IntegrationWriter,
    private readonly views: IntegrationViews,
  ) {}

  async execute({ props: { name }, ctx }: UnpublishIntegration): Promise<void> {
    const { doc } = await this.views.visible(name, ctx.actor);
    await this.writer.execute(integrationIdOf(name), { type: 'UnpublishIntegration', name, organizationId: doc.organizationId }, ctx);
  }
}
