import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { AttemptDoc, DeliveryDoc } from './deliveries/webhook-delivery-log';
import { WebhookSubscriptionDoc } from './webhooks.read-model';
import { WebhookAttemptResponse, WebhookDeliveryDetailResponse, WebhookDeliveryResponse, WebhookResponse } from './webhook.response';
import { payloadObject } from './deliveries/webhook-sender';

/** Webhook subscriptions and deliveries as the API answers them (never the secret, but at creation). No I/O. */
@Injectable()
export class WebhooksPresenter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  webhook(doc: WebhookSubscriptionDoc): WebhookResponse {
    return {
      object: 'webhook' as const,
      id: doc.id,
      url: doc.url,
      events: doc.eventTypes,
      space: doc.spaceId,
      active: doc.active,
      description: doc.description,
      disabledAt: doc.disabled?.at ?? null,
      disabledReason: doc.disabled?.reason ?? null,
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
      urls: { location: `${this.config.publicUrl}/v1/orgs/${doc.organizationId}/webhooks/${doc.id}` },
    };
  }

  delivery(doc: DeliveryDoc): WebhookDeliveryResponse {
    return {
      object: 'webhook-delivery' as const,
      id: doc.id,
      type: doc.type,
      status: doc.status,
      createdAt: doc.createdAt,
      attempts: doc.attempts,
      lastAttemptAt: doc.lastAttemptAt,
      nextAttemptAt: doc.status === 'pending' ? doc.nextAttemptAt : null,
      reason: doc.reason,
      payload: payloadObject(doc),
    };
  }

  deliveryWithAttempts(doc: DeliveryDoc, attempts: AttemptDoc[]): WebhookDeliveryDetailResponse {
    return { ...this.delivery(doc), attemptLog: attempts.map((a) => this.attempt(a)) };
  }

  private attempt(doc: AttemptDoc): WebhookAttemptResponse {
    return { at: doc.at, status: doc.status, durationMs: doc.durationMs, response: doc.response, error: doc.error };
  }
}
