import { Inject, Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { APP_CONFIG, AppConfig, OutboundFetch, OutboundFetchError } from '@docs/platform';
import { DeliveryDoc } from './webhook-delivery-log';
import { WebhookSubscriptionDoc } from '../webhooks.read-model';

/** How many bytes of an answer are read, and how many the delivery log keeps. */
const MAX_ANSWER_BYTES = 64 * 1024;
export const KEPT_ANSWER_BYTES = 1024;

/** One attempt's outcome. */
export interface AttemptOutcome {
  ok: boolean;
  status: number | null;
  durationMs: number;
  response: string;
  error: string | null;
}

/** The Standard Webhooks payload of a delivery: `{ type, timestamp, data }`. */
export const payloadObject = (delivery: DeliveryDoc): Record<string, unknown> => ({
  type: delivery.type,
  timestamp: delivery.createdAt,
  data: delivery.data,
});

const payloadOf = (delivery: DeliveryDoc): string => JSON.stringify(payloadObject(delivery));

/**
 * Sends one delivery: a POST of its payload with `webhook-id` (the delivery's id, the same on every
 * attempt), `webhook-timestamp` and `webhook-signature` (Standard Webhooks, signed with the
 * subscription's secret by the `standardwebhooks` package), through the outbound guard. A 2xx is
 * a success; anything else (another status, a redirect, a timeout, a refused address) a failure.
 * The timestamp is the wall clock's: receivers check it against theirs.
 */
@Injectable()
export class WebhookSender {
  constructor(
    private readonly outbound: OutboundFetch,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(subscription: WebhookSubscriptionDoc, delivery: DeliveryDoc): Promise<AttemptOutcome> {
    const body = payloadOf(delivery);
    const signedAt = new Date();
    const signature = new Webhook(subscription.secret).sign(delivery.id, signedAt, body);
    const started = performance.now();
    const headers = {
      'content-type': 'application/json',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
      'webhook-signature': signature,
    };
    try {
      const answer = await this.outbound.post(subscription.url, body, {
        headers,
        timeoutMs: this.config.webhookTimeoutMs,
        maxBytes: MAX_ANSWER_BYTES,
      });
      const ok = answer.status >= 200 && answer.status < 300;
      return {
        ok,
        status: answer.status,
        durationMs: Math.round(performance.now() - started),
        response: answer.body.subarray(0, KEPT_ANSWER_BYTES).toString('utf8'),
        error: ok ? null : `the receiver answered ${answer.status}`,
      };
    } catch (error) {
      const message = error instanceof OutboundFetchError ? error.message : `the delivery failed: ${(error as Error).message}`;
      return { ok: false, status: null, durationMs: Math.round(performance.now() - started), response: '', error: message };
    }
  }
}
