import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationQuery } from '@docs/organizations';
import { WebhookSubscriptionDoc, WebhookSubscriptionsReadModel } from './webhooks.read-model';

export const ADMINS_ONLY = 'only organization admins can see webhooks';

export class ListWebhooks extends OrganizationQuery<{ page: Page }, FindResult<WebhookSubscriptionDoc>> {}

/** GET /v1/orgs/{organizationId}/webhooks: organization admins, oldest first. */
@QueryHandler(ListWebhooks)
export class ListWebhooksHandler implements IQueryHandler<ListWebhooks> {
  constructor(private readonly read: WebhookSubscriptionsReadModel) {}

  async execute({ props: { page }, scope }: ListWebhooks): Promise<FindResult<WebhookSubscriptionDoc>> {
    await scope.requireAdmin(ADMINS_ONLY);
    return this.read.list(scope.organizationId, page);
  }
}

export class GetWebhook extends OrganizationQuery<{ subscriptionId: string }, WebhookSubscriptionDoc> {}

/** GET /v1/orgs/{organizationId}/webhooks/{webhookId}: organization admins. */
@QueryHandler(GetWebhook)
export class GetWebhookHandler implements IQueryHandler<GetWebhook> {
  constructor(private readonly read: WebhookSubscriptionsReadModel) {}

  async execute({ props: { subscriptionId }, scope }: GetWebhook): Promise<WebhookSubscriptionDoc> {
    await scope.requireAdmin(ADMINS_ONLY);
    return this.read.get(scope.organizationId, subscriptionId);
  }
}
