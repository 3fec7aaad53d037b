import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { conflict, notFound } from '@docs/platform';
import { ContentDirectory } from '@docs/content';
import { OrganizationCommand } from '@docs/organizations';
import { WebhookEventType } from './webhook-catalogue.domain';
import { newWebhookSecret, WebhookWriter } from './webhook-writer';
import { WebhookUrl } from './webhook-url';
import { MAX_SUBSCRIPTIONS_PER_ORGANIZATION, WebhookSubscriptionDoc, WebhookSubscriptionsReadModel } from './webhooks.read-model';

export class CreateWebhook extends OrganizationCommand<
  { url: string; eventTypes: WebhookEventType[]; spaceId: string | null; active: boolean; description: string },
  { doc: WebhookSubscriptionDoc; secret: string }
> {}

/** POST /v1/orgs/{organizationId}/webhooks: organization admins, for the organization or one of its spaces they see. */
@CommandHandler(CreateWebhook)
export class CreateWebhookHandler implements ICommandHandler<CreateWebhook> {
  constructor(
    private readonly writer: WebhookWriter,
    private readonly read: WebhookSubscriptionsReadModel,
    private readonly urls: WebhookUrl,
    private readonly content: ContentDirectory,
  ) {}

  async execute({ props, scope }: CreateWebhook): Promise<{ doc: WebhookSubscriptionDoc; secret: string }> {
    await scope.requireAdmin('only organization admins can manage webhooks');
    const url = await this.urls.check(props.url);
    if (props.spaceId !== null) {
      const space = await this.content.spaceFor(props.spaceId, scope.actor);
      if (!space || space.organizationId !== scope.organizationId) throw notFound('space: no such space in this organization');
    }
    if ((await this.read.count(scope.organizationId)) >= MAX_SUBSCRIPTIONS_PER_ORGANIZATION)
      throw conflict(`an organization has at most ${MAX_SUBSCRIPTIONS_PER_ORGANIZATION} webhooks`);
    const subscriptionId = scope.createdId('webhook');
    const secret = newWebhookSecret();
    const { eventTypes, spaceId, active, description } = props;
    await this.writer.execute(
      subscriptionId,
      {
        type: 'CreateWebhookSubscription',
        organizationId: scope.organizationId,
        subscriptionId,
        spaceId,
        settings: { url, eventTypes, active, description },
        secret,
      },
      scope,
    );
    return { doc: await this.read.get(scope.organizationId, subscriptionId), secret };
  }
}
