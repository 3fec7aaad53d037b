import { Injectable } from '@nestjs/common';
import { ContentDirectory } from '@docs/content';
import { OrganizationDirectory } from '@docs/organizations';
import { DeliveryDoc } from './webhook-delivery-log';
import { WebhookSubscriptionDoc } from '../webhooks.read-model';

/**
 * Whether a subscription's creator may still see what a delivery is about, asked when it is sent:
 * a space's event needs the space to be in the subscription's organization and visible to them
 * (a space that left the organization, or that they lost access to, is no longer delivered);
 * any other event (sites, a deleted space) needs them to be a member of the organization with a role.
 */
@Injectable()
export class WebhookVisibility {
  constructor(
    private readonly content: ContentDirectory,
    private readonly organizations: OrganizationDirectory,
  ) {}

  /** What the answer depends on besides the subscription: the space, or the organization. */
  scopeOf(delivery: DeliveryDoc): string {
    const spaceId = delivery.data.spaceId;
    return typeof spaceId === 'string' && delivery.type !== 'space.deleted' ? `space:${spaceId}` : 'organization';
  }

  async creatorSees(subscription: WebhookSubscriptionDoc, delivery: DeliveryDoc): Promise<boolean> {
    const { createdBy, organizationId } = subscription;
    const spaceId = delivery.data.spaceId;
    if (typeof spaceId === 'string' && delivery.type !== 'space.deleted') {
      const space = await this.content.spaceFor(spaceId, createdBy);
      return space !== null && space.organizationId === organizationId;
    }
    const role = await this.organizations.roleOf(organizationId, createdBy);
    return role !== undefined && role !== null;
  }
}
