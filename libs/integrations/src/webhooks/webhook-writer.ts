import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AggregateWriter, CommandContext, WriteKit } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import {
  WebhookFacts,
  webhookSubscriptionAggregate,
  WebhookSubscriptionCommand,
  WebhookSubscriptionEvent,
  WebhookSubscriptionState,
} from './webhook-subscription.decider';

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/** Writes webhook subscriptions; a decision needs the actor's standing: organization admin, or the server. */
@Injectable()
export class WebhookWriter extends AggregateWriter<
  WebhookSubscriptionState,
  WebhookSubscriptionCommand,
  WebhookSubscriptionEvent,
  WebhookFacts
> {
  constructor(
    kit: WriteKit,
    private readonly directory: OrganizationDirectory,
  ) {
    super(kit, webhookSubscriptionAggregate);
  }

  protected override async facts(_id: string, command: WebhookSubscriptionCommand, ctx: CommandContext): Promise<WebhookFacts> {
    if (ctx.actor === 'system') return { admin: false, system: true };
    return { admin: (await this.directory.roleOf(command.organizationId, ctx.actor)) === 'admin', system: false };
  }
}
