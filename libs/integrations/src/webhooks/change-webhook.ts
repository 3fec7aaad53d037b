import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { notFound } from '@docs/platform';
import { OrganizationCommand } from '@docs/organizations';
import { WebhookSubscriptionCommand } from './webhook-subscription.decider';
import { newWebhookSecret, WebhookWriter } from './webhook-writer';
import { WebhookSubscriptionsReadModel } from './webhooks.read-model';
import { DELIVERIES, WebhookDeliveryLog } from './deliveries/webhook-delivery-log';

type Change =
  | { type: 'DeleteWebhookSubscription' }
  | { type: 'RotateWebhookSecret' }
  | { type: 'RequestWebhookRedelivery'; deliveryId?: string; since?: string };

/**
 * The subscription commands that answer no subscription: delete it, rotate its secret (answers the
 * new secret, shown this once), ask for redeliveries. Organization admins only.
 */
export class ChangeWebhook extends OrganizationCommand<{ subscriptionId: string; change: Change }, { secret?: string }> {}

@CommandHandler(ChangeWebhook)
export class ChangeWebhookHandler implements ICommandHandler<ChangeWebhook> {
  constructor(
    private readonly writer: WebhookWriter,
    private readonly read: WebhookSubscriptionsReadModel,
    private readonly log: WebhookDeliveryLog,
  ) {}

  async execute({ props: { subscriptionId, change }, scope }: ChangeWebhook): Promise<{ secret?: string }> {
    await scope.requireAdmin('only organization admins can manage webhooks');
    await this.read.get(scope.organizationId, subscriptionId);
    const organizationId = scope.organizationId;
    if (change.type === 'RequestWebhookRedelivery' && change.deliveryId !== undefined) {
      const delivery = await this.log.get(DELIVERIES, change.deliveryId);
      if (delivery?.subscriptionId !== subscriptionId) throw notFound('delivery not found');
    }
    const secret = change.type === 'RotateWebhookSecret' ? newWebhookSecret() : undefined;
    const command: WebhookSubscriptionCommand =
      change.type === 'RotateWebhookSecret'
        ? { type: 'RotateWebhookSecret', organizationId, secret: secret! }
        : { ...change, organizationId };
    await this.writer.execute(subscriptionId, command, scope);
    return secret === undefined ? {} : { secret };
  }
}
