/**
 * The catalogue of webhook event types (docs/webhooks.md): domain-level names, each mapped from one
 * domain event of the log. A subscription names the types it wants; a delivery's payload is
 * `{ type, timestamp, data }` (Standard Webhooks), `data` holding the ids of what changed, never
 * page bodies or secrets.
 */
export const WEBHOOK_EVENT_SOURCES = {
  SpaceCreated: 'space.created',
  SpaceUpdated: 'space.updated',
  SpaceDeleted: 'space.deleted',
  SpaceRestored: 'space.restored',
  LiveContentChanged: 'page.updated',
  ChangeRequestCreated: 'change_request.created',
  ChangeRequestStatusChanged: 'change_request.status_changed',
  ChangeRequestMerged: 'change_request.merged',
  CommentPosted: 'comment.created',
  CommentEdited: 'comment.updated',
  CommentResolved: 'comment.resolved',
  CommentReplyPosted: 'comment.reply_created',
  SitePublished: 'site.published',
  SiteUnpublished: 'site.unpublished',
} as const;

export type WebhookSourceEvent = keyof typeof WEBHOOK_EVENT_SOURCES;
export type WebhookEventType = (typeof WEBHOOK_EVENT_SOURCES)[WebhookSourceEvent];

/** Every webhook event type, in catalogue order. */
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = Object.values(WEBHOOK_EVENT_SOURCES);

const SOURCES = new Map<string, WebhookEventType>(Object.entries(WEBHOOK_EVENT_SOURCES));

/** The webhook event type a domain event is delivered as, or undefined when it is not in the catalogue. */
export const webhookTypeOf = (domainType: string): WebhookEventType | undefined => SOURCES.get(domainType);

export const isWebhookEventType = (value: unknown): value is WebhookEventType =>
  typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** The fields of an event's data a payload carries, when present (ids and short scalars). */
const PAYLOAD_FIELDS = [
  'organizationId',
  'spaceId',
  'revisionId',
  'changeRequestId',
  'number',
  'subject',
  'status',
  'revisionMerged',
  'commentId',
  'replyId',
  'siteId',
] as const;

/** A webhook payload's `data`: the catalogue fields of the event's data, plus who did it. */
export function webhookData(data: Readonly<Record<string, unknown>>, organizationId: string, actor: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of PAYLOAD_FIELDS) {
    const value = data[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  out.organizationId = organizationId;
  out.actor = actor;
  return out;
}
