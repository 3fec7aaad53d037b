import { Inject, Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { APP_CONFIG, AppConfig, OutboundEndpoint, OutboundFetch, OutboundFetchError } from '@docs/platform';
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

/** Sends one delivery of a window, in the order called; the outcome, never an exception. */
export type DeliverySend = (delivery: DeliveryDoc) => Promise<AttemptOutcome>;

/**
 * Sends deliveries: POSTs of their payload with `webhook-id` (the delivery's id, the same on every
 * attempt), `webhook-timestamp` and `webhook-signature` (Standard Webhooks, signed with the
 * subscription's secret by the `standardwebhooks` package), through the outbound guard, pipelined
 * on the subscription's connection. A 2xx is a success; anything else (another status, a
 * redirect, a timeout, a refused address) a failure. The timestamp is the wall clock's: receivers
 * check it against theirs.
 */
@Injectable()
export class WebhookSender {
  constructor(
    private readonly outbound: OutboundFetch,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A window's sending to `subscription`: its URL checked by the guard once, then each delivery
   * POSTed, in the order `send` is called, on the subscription's connection (up to
   * WEBHOOK_PIPELINING outstanding there). A refused URL is every send's failed outcome.
   */
  async open(subscription: WebhookSubscriptionDoc): Promise<DeliverySend> {
    const started = performance.now();
    let endpoint: OutboundEndpoint;
    try {
      endpoint = await this.outbound.pipeline(subscription.id, subscription.url, {
        depth: this.config.webhookPipelining,
        timeoutMs: this.config.webhookTimeoutMs,
      });
    } catch (error) {
      const refused = failure(error, Math.round(performance.now() - started));
      return async () => refused;
    }
    return (delivery) => this.post(endpoint, subscription, delivery);
  }

  private async post(endpoint: OutboundEndpoint, subscription: WebhookSubscriptionDoc, delivery: DeliveryDoc): Promise<AttemptOutcome> {
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
      const answer = await endpoint.post(body, { headers, timeoutMs: this.config.webhookTimeoutMs, maxBytes: MAX_ANSWER_BYTES });
      const ok = answer.status >= 200 && answer.status < 300;
      return {
        ok,
        status: answer.status,
        durationMs: Math.round(performance.now() - started),
        response: answer.body.subarray(0, KEPT_ANSWER_BYTES).toString('utf8'),
        error: ok ? null : `the receiver answered ${answer.status}`,
      };
    } catch (error) {
      return failure(error, Math.round(performance.now() - started));
    }
  }
}

function failure(error: unknown, durationMs: number): AttemptOutcome {
  const message = error instanceof OutboundFetchError ? error.message : `the delivery failed: ${(error as Error).message}`;
  return { ok: false, status: null, durationMs, response: '', error: message };
}
