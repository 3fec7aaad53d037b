import { applyDecorators, Body, Param, Query } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { ApiController, Endpoint, Operation, pageOf, PageQuery, sentFields, UseCaseRoutes } from '@docs/platform';
import { OrganizationScope, OrgScope } from '@docs/organizations';
import { ChangeWebhook } from './change-webhook';
import { CreateWebhook } from './create-webhook';
import { GetDelivery, ListDeliveries } from './deliveries/read-deliveries';
import { GetWebhook, ListWebhooks } from './read-webhooks';
import { UpdateWebhook } from './update-webhook';
import { WebhookEventType } from './webhook-catalogue.domain';
import { CreateWebhookBody, ListDeliveriesQuery, RedeliverFailedBody, UpdateWebhookBody } from './webhook.dto';
import {
  CreatedWebhookResponse,
  WebhookDeliveryDetailResponse,
  WebhookDeliveryResponse,
  WebhookRedeliveryResponse,
  WebhookResponse,
  WebhookSecretResponse,
} from './webhook.response';
import { WebhooksPresenter } from './webhooks.presenter';

/** Marks a route as this server's extension in the served document (DESIGN.md, "Beyond GitBook's API"). */
const WebhookRoute = () =>
  applyDecorators(
    ApiExtension('x-docs-extension', {
      gitbook: false,
      why: "Webhooks (Standard Webhooks): GitBook's API has no webhook operations",
    }),
  );

/**
 * Webhook subscriptions of an organization and their deliveries (docs/webhooks.md): organization
 * admins create, list, read, change and delete them, rotate their secret, read the delivery log
 * and ask for redeliveries.
 */
@ApiController('v1/orgs/:organizationId/webhooks', 'webhooks')
export class WebhooksController extends UseCaseRoutes(WebhooksPresenter) {
  @Endpoint('GET', '', { answers: [WebhookResponse] })
  @Operation('listWebhooks', 'Extension: list the webhook subscriptions of an organization, oldest first')
  @WebhookRoute()
  async list(@OrgScope() scope: OrganizationScope, @Query() query: PageQuery) {
    return this.presentPage(new ListWebhooks({ page: pageOf(query) }, scope), (doc) => this.present.webhook(doc));
  }

  @Endpoint('POST', '', { status: 201, answers: CreatedWebhookResponse, located: true })
  @Operation('createWebhook', 'Extension: subscribe a URL to events of the organization or one of its spaces')
  @WebhookRoute()
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateWebhookBody): Promise<CreatedWebhookResponse> {
    const props = {
      url: body.url,
      eventTypes: body.events as WebhookEventType[],
      spaceId: body.space ?? null,
      active: body.active ?? true,
      description: body.description ?? '',
    };
    const { doc, secret } = await this.useCases.command(new CreateWebhook(props, scope));
    return { ...this.present.webhook(doc), secret };
  }

  @Endpoint('GET', ':webhookId', { answers: WebhookResponse })
  @Operation('getWebhook', 'Extension: get a webhook subscription')
  @WebhookRoute()
  async get(@OrgScope() scope: OrganizationScope, @Param('webhookId') subscriptionId: string) {
    return this.present.webhook(await this.useCases.query(new GetWebhook({ subscriptionId }, scope)));
  }

  @Endpoint('PATCH', ':webhookId', { answers: WebhookResponse })
  @Operation('updateWebhook', 'Extension: change a webhook subscription (url, events, active, description)')
  @WebhookRoute()
  async update(@OrgScope() scope: OrganizationScope, @Param('webhookId') subscriptionId: string, @Body() body: UpdateWebhookBody) {
    const { events, ...rest } = sentFields(body, ['url', 'events', 'active', 'description']);
    const changes = { ...rest, ...(events !== undefined ? { eventTypes: events as WebhookEventType[] } : {}) };
    return this.present.webhook(await this.useCases.command(new UpdateWebhook({ subscriptionId, changes }, scope)));
  }

  @Endpoint('DELETE', ':webhookId', { status: 204, answers: null })
  @Operation('deleteWebhook', 'Extension: delete a webhook subscription (its pending deliveries are dropped)')
  @WebhookRoute()
  async remove(@OrgScope() scope: OrganizationScope, @Param('webhookId') subscriptionId: string): Promise<void> {
    await this.useCases.command(new ChangeWebhook({ subscriptionId, change: { type: 'DeleteWebhookSubscription' } }, scope));
  }

  @Endpoint('POST', ':webhookId/secret', { status: 200, answers: WebhookSecretResponse })
  @Operation('rotateWebhookSecret', 'Extension: replace the signing secret of a webhook subscription; answers the new one, once')
  @WebhookRoute()
  async rotate(@OrgScope() scope: OrganizationScope, @Param('webhookId') subscriptionId: string): Promise<WebhookSecretResponse> {
    const { secret } = await this.useCases.command(new ChangeWebhook({ subscriptionId, change: { type: 'RotateWebhookSecret' } }, scope));
    return { object: 'webhook-secret' as const, id: subscriptionId, secret: secret! };
  }

  @Endpoint('GET', ':webhookId/deliveries', { answers: [WebhookDeliveryResponse] })
  @Operation('listWebhookDeliveries', 'Extension: the delivery log of a webhook subscription, newest event first')
  @WebhookRoute()
  async deliveries(@OrgScope() scope: OrganizationScope, @Param('webhookId') subscriptionId: string, @Query() query: ListDeliveriesQuery) {
    return this.presentPage(new ListDeliveries({ subscriptionId, page: pageOf(query) }, scope), (doc) => this.present.delivery(doc));
  }

  @Endpoint('GET', ':webhookId/deliveries/:deliveryId', { answers: WebhookDeliveryDetailResponse })
  @Operation('getWebhookDelivery', 'Extension: a delivery of a webhook subscription with its latest attempts')
  @WebhookRoute()
  async delivery(
    @OrgScope() scope: OrganizationScope,
    @Param('webhookId') subscriptionId: string,
    @Param('deliveryId') deliveryId: string,
  ) {
    const { delivery, attempts } = await this.useCases.query(new GetDelivery({ subscriptionId, deliveryId }, scope));
    return this.present.deliveryWithAttempts(delivery, attempts);
  }

  @Endpoint('POST', ':webhookId/deliveries/:deliveryId/redeliver', { status: 202, answers: WebhookRedeliveryResponse })
  @Operation('redeliverWebhookDelivery', 'Extension: deliver one delivery again (queued: its status turns pending)')
  @WebhookRoute()
  async redeliver(
    @OrgScope() scope: OrganizationScope,
    @Param('webhookId') subscriptionId: string,
    @Param('deliveryId') deliveryId: string,
  ) {
    await this.useCases.command(new ChangeWebhook({ subscriptionId, change: { type: 'RequestWebhookRedelivery', deliveryId } }, scope));
    return { object: 'webhook-redelivery' as const, id: subscriptionId, delivery: deliveryId, since: null };
  }

  @Endpoint('POST', ':webhookId/redeliver', { status: 202, answers: WebhookRedeliveryResponse })
  @Operation('redeliverFailedWebhookDeliveries', 'Extension: deliver again every failed delivery of events since a time (queued)')
  @WebhookRoute()
  async redeliverFailed(
    @OrgScope() scope: OrganizationScope,
    @Param('webhookId') subscriptionId: string,
    @Body() body: RedeliverFailedBody,
  ) {
    const since = new Date(body.since).toISOString();
    await this.useCases.command(new ChangeWebhook({ subscriptionId, change: { type: 'RequestWebhookRedelivery', since } }, scope));
    return { object: 'webhook-redelivery' as const, id: subscriptionId, delivery: null, since };
  }
}
