import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsISO8601, IsString, Length, MaxLength } from 'class-validator';
import { ApiField, PageQuery, Stacked } from '@docs/platform';
import { WEBHOOK_EVENT_TYPES } from './webhook-catalogue.domain';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

const Url = (required: boolean) =>
  Stacked(
    ApiField(
      {
        type: String,
        format: 'uri',
        maxLength: WEBHOOK_URL_MAX,
        pattern: '^https://',
        example: 'https://example.com/hooks/docs',
        description:
          'Where deliveries are POSTed: an https URL (a server whose OUTBOUND_ALLOW_HOSTS names a host also takes http URLs of that host)',
      },
      { required },
    ),
    IsString(),
    MaxLength(WEBHOOK_URL_MAX),
  );

const Events = (required: boolean) =>
  Stacked(
    ApiField(
      {
        type: 'array',
        items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] },
        minItems: 1,
        maxItems: WEBHOOK_EVENT_TYPES.length,
        uniqueItems: true,
        description: 'The event types delivered (docs/webhooks.md)',
      },
      { required },
    ),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(WEBHOOK_EVENT_TYPES.length),
    ArrayUnique(undefined, { message: 'events must not repeat a type' }),
    IsIn([...WEBHOOK_EVENT_TYPES], { each: true, message: `events must be among ${WEBHOOK_EVENT_TYPES.join(', ')}` }),
  );

const Active = () =>
  Stacked(ApiField({ type: Boolean, description: 'Deliveries are made only while it is active (default true)' }), IsBoolean());
const Description = () =>
  Stacked(ApiField({ type: String, maxLength: WEBHOOK_DESCRIPTION_MAX }), IsString(), MaxLength(WEBHOOK_DESCRIPTION_MAX));

/** POST /v1/orgs/{organizationId}/webhooks. */
export class CreateWebhookBody {
  @Url(true)
  url!: string;

  @Events(true)
  events!: string[];

  @Stacked(
    ApiField({ type: String, minLength: 1, maxLength: 100, description: 'Only events of this space (default: the whole organization)' }),
    IsString(),
    Length(1, 100),
  )
  space?: string;

  @Active()
  active?: boolean;

  @Description()
  description?: string;
}

/** PATCH /v1/orgs/{organizationId}/webhooks/{webhookId}: the fields sent change. */
export class UpdateWebhookBody {
  @Url(false)
  url?: string;

  @Events(false)
  events?: string[];

  @Active()
  active?: boolean;

  @Description()
  description?: string;
}

/** POST .../webhooks/{webhookId}/redeliver: every failed delivery of events since a time. */
export class RedeliverFailedBody {
  @ApiProperty({ type: String, format: 'date-time', description: 'Failed deliveries of events since this time are delivered again' })
  @IsISO8601({ strict: true }, { message: 'since must be an ISO 8601 date-time' })
  since!: string;
}

/** GET .../webhooks/{webhookId}/deliveries. */
export class ListDeliveriesQuery extends PageQuery {}
