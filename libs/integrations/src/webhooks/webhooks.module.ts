import { Module } from '@nestjs/common';
import { ContentModule } from '@docs/content';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeWebhookHandler } from './change-webhook';
import { CreateWebhookHandler } from './create-webhook';
import { GetDeliveryHandler, ListDeliveriesHandler } from './deliveries/read-deliveries';
import { WebhookDeliveryLog } from './deliveries/webhook-delivery-log';
import { WebhookDispatcher } from './deliveries/webhook-dispatcher';
import { WebhookSender } from './deliveries/webhook-sender';
import { WebhookVisibility } from './deliveries/webhook-visibility';
import { GetWebhookHandler, ListWebhooksHandler } from './read-webhooks';
import { UpdateWebhookHandler } from './update-webhook';
import { WebhookUrl } from './webhook-url';
import { WebhookWriter } from './webhook-writer';
import { WebhooksController } from './webhooks.controller';
import { WebhooksPresenter } from './webhooks.presenter';
import { WebhookSubscriptionsReadModel } from './webhooks.read-model';

/**
 * Webhooks (docs/webhooks.md): subscriptions managed by organization admins, and the delivery
 * processor (projector role) that signs and sends what the log records. Content and organizations
 * are reached only through their public query interfaces.
 */
@Module({
  imports: [OrganizationsModule, ContentModule],
  controllers: [WebhooksController],
  providers: [
    WebhookWriter,
    WebhookSubscriptionsReadModel,
    WebhookUrl,
    WebhooksPresenter,
    WebhookDeliveryLog,
    WebhookSender,
    WebhookVisibility,
    WebhookDispatcher,
    CreateWebhookHandler,
    UpdateWebhookHandler,
    ChangeWebhookHandler,
    ListWebhooksHandler,
    GetWebhookHandler,
    ListDeliveriesHandler,
    GetDeliveryHandler,
  ],
})
export class WebhooksModule {}
