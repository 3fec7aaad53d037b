import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, notFound, Page } from '@docs/platform';
import { OrganizationQuery } from '@docs/organizations';
import { ADMINS_ONLY } from '../read-webhooks';
import { WebhookSubscriptionsReadModel } from '../webhooks.read-model';
import { ATTEMPTS, AttemptDoc, DELIVERIES, DeliveryDoc, WebhookDeliveryLog } from './webhook-delivery-log';

/** How many attempts a delivery's answer lists (the latest). */
export const ATTEMPTS_SHOWN = 50;

export class ListDeliveries extends OrganizationQuery<{ subscriptionId: string; page: Page }, FindResult<DeliveryDoc>> {}

/** GET .../webhooks/{webhookId}/deliveries: organization admins, newest event first. */
@QueryHandler(ListDeliveries)
export class ListDeliveriesHandler implements IQueryHandler<ListDeliveries> {
  constructor(
    private readonly subscriptions: WebhookSubscriptionsReadModel,
    private readonly log: WebhookDeliveryLog,
  ) {}

  async execute({ props: { subscriptionId, page }, scope }: ListDeliveries): Promise<FindResult<DeliveryDoc>> {
    await scope.requireAdmin(ADMINS_ONLY);
    await this.subscriptions.get(scope.organizationId, subscriptionId);
    return this.log.find(DELIVERIES, {
      where: [{ field: 'subscriptionId', op: 'eq', value: subscriptionId }],
      sort: { field: 'createdAt', direction: 'desc' },
      ...page,
    });
  }
}

export class GetDelivery extends OrganizationQuery<
  { subscriptionId: string; deliveryId: string },
  { delivery: DeliveryDoc; attempts: AttemptDoc[] }
> {}

/** GET .../webhooks/{webhookId}/deliveries/{deliveryId}: the delivery and its latest attempts. */
@QueryHandler(GetDelivery)
export class GetDeliveryHandler implements IQueryHandler<GetDelivery> {
  constructor(
    private readonly subscriptions: WebhookSubscriptionsReadModel,
    private readonly log: WebhookDeliveryLog,
  ) {}

  async execute({ props: { subscriptionId, deliveryId }, scope }: GetDelivery) {
    await scope.requireAdmin(ADMINS_ONLY);
    await this.subscriptions.get(scope.organizationId, subscriptionId);
    const delivery = await this.log.get(DELIVERIES, deliveryId);
    if (!delivery || delivery.subscriptionId !== subscriptionId) throw notFound('delivery not found');
    const { items } = await this.log.find(ATTEMPTS, {
      where: [{ field: 'deliveryId', op: 'eq', value: deliveryId }],
      sort: { field: 'at', direction: 'desc' },
      limit: ATTEMPTS_SHOWN,
    });
    return { delivery, attempts: items };
  }
}
