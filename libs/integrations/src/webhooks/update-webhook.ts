import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationCommand } from '@docs/organizations';
import { WebhookSubscriptionSettings } from './webhook-subscription.decider';
import { WebhookWriter } from './webhook-writer';
import { WebhookUrl } from './webhook-url';
import { WebhookSubscriptionDoc, WebhookSubscriptionsReadModel } from './webhooks.read-model';

export class UpdateWebhook extends OrganizationCommand<
  { subscriptionId: string; changes: Partial<WebhookSubscriptionSettings> },
  WebhookSubscriptionDoc
> {}

/** PATCH /v1/orgs/{organizationId}/webhooks/{webhookId}: organization admins; the fields sent change. */
@CommandHandler(UpdateWebhook)
export class UpdateWebhookHandler implements ICommandHandler<UpdateWebhook> {
  constructor(
    private readonly writer: WebhookWriter,
    private readonly read: WebhookSubscriptionsReadModel,
    private readonly urls: WebhookUrl,
  ) {}

  async execute({ props: { subscriptionId, changes }, scope }: UpdateWebhook): Promise<WebhookSubscriptionDoc> {
    await scope.requireAdmin('only organization admins can manage webhooks');
    await this.read.get(scope.organizationId, subscriptionId);
    const checked = changes.url === undefined ? changes : { ...changes, url: await this.urls.check(changes.url) };
    await this.writer.execute(
      subscriptionId,
      { type: 'UpdateWebhookSubscription', organizationId: scope.organizationId, changes: checked },
      scope,
    );
    return this.read.get(scope.organizationId, subscriptionId);
  }
}
