import { ApiProperty } from '@nestjs/swagger';
import { ApiObject, ApiTimestampedObject, DateTime, LocationUrls, NullableDateTime } from '@docs/platform';
import { WEBHOOK_EVENT_TYPES } from './webhook-catalogue.domain';

/** A webhook subscription (this server's extension). */
export class WebhookResponse extends ApiTimestampedObject('webhook') {
  @ApiProperty({ type: String, format: 'uri' })
  url!: string;

  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] } })
  events!: string[];

  @ApiProperty({ type: String, nullable: true, description: 'The space whose events it receives; null: the whole organization' })
  space!: string | null;

  @ApiProperty({ type: Boolean })
  active!: boolean;

  @ApiProperty({ type: String })
  description!: string;

  @NullableDateTime('When the server disabled it after 3 days of failures')
  disabledAt!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why the server disabled it' })
  disabledReason!: string | null;

  @ApiProperty({ type: () => LocationUrls })
  urls!: LocationUrls;
}

/** A webhook subscription as created: with its signing secret, shown this once. */
export class CreatedWebhookResponse extends WebhookResponse {
  @ApiProperty({ type: String, pattern: '^whsec_', description: 'The Standard Webhooks signing secret; shown only now' })
  secret!: string;
}

/** A rotated signing secret: the new one, shown this once; deliveries are signed with it from now on. */
export class WebhookSecretResponse extends ApiObject('webhook-secret') {
  @ApiProperty({ type: String, pattern: '^whsec_' })
  secret!: string;
}

/** One attempt of a delivery. */
export class WebhookAttemptResponse {
  @DateTime()
  at!: string;

  @ApiProperty({ type: 'integer', nullable: true, description: "The receiver's status; null when no answer came" })
  status!: number | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  durationMs!: number;

  @ApiProperty({ type: String, maxLength: 1024, description: 'The first bytes of the answer' })
  response!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Why it failed' })
  error!: string | null;
}

/** One event delivered (or to deliver) to a webhook; its id is the `webhook-id` header. */
export class WebhookDeliveryResponse extends ApiObject('webhook-delivery') {
  @ApiProperty({ type: String, enum: [...WEBHOOK_EVENT_TYPES] })
  type!: string;

  @ApiProperty({ type: String, enum: ['pending', 'delivered', 'failed', 'skipped'] })
  status!: string;

  @DateTime('When the event happened')
  createdAt!: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  attempts!: number;

  @NullableDateTime()
  lastAttemptAt!: string | null;

  @NullableDateTime('When it is tried next (pending only)')
  nextAttemptAt!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why it was skipped' })
  reason!: string | null;

  @ApiProperty({ type: Object, description: 'The payload delivered: type, timestamp and data' })
  payload!: Record<string, unknown>;
}

/** A delivery with its latest attempts, newest first. */
export class WebhookDeliveryDetailResponse extends WebhookDeliveryResponse {
  @ApiProperty({ type: [WebhookAttemptResponse], maxItems: 50 })
  attemptLog!: WebhookAttemptResponse[];
}

/** A redelivery asked for: queued, the delivery processor makes it (the deliveries' status turns pending). */
export class WebhookRedeliveryResponse extends ApiObject('webhook-redelivery', { description: 'The webhook subscription' }) {
  @ApiProperty({ type: String, nullable: true, description: 'The delivery delivered again; null: every failed one since `since`' })
  delivery!: string | null;

  @NullableDateTime()
  since!: string | null;
}
