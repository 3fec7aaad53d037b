import { defineReadModel, Doc, EventData, Filter, FindResult, found, Page, ReadModels, Provided } from '@docs/platform/projections';

/** The organization audit trail: one document per audited event, who did what to which resource. */
export interface AuditEventDoc extends Doc {
  /** The event's id (a UUID). */
  id: string;
  organizationId: string;
  /** Log position, for newest-first order (positions stay far below 2^53). */
  seq: number;
  occurredAt: string;
  action: string;
  actorType: 'user' | 'system';
  actorId: string;
  actorLabel?: string;
  source: 'api' | 'script';
  targetType: string;
  targetId: string;
  correlationId: string;
  causationId: string | null;
  schemaVersion: number;
  payload: EventData;
}

/** Each user's label as of their registration (`Name <email>`), for the actors of later events. */
export interface AuditDirectoryEntry extends Doc {
  /** The user id. */
  id: string;
  label: string;
}

// Listings are per organization, newest first, counted per organization. The filters (time,
// action, actor, target) are columns tested along that range: indexes of their own would be
// written on every event of the log for an occasional admin query. The correlation id is the
// exception: one request's events are a handful among the organization's, so following one is a
// range of its own (organization, correlation id, seq), O(limit · log n), not a scan.
export const AUDIT_EVENTS = defineReadModel<AuditEventDoc>({
  name: 'audit_events',
  fields: ['occurredAt', 'action', 'actorId', 'targetId'],
  lists: [['organizationId', 'seq']],
  indexes: [['organizationId', 'correlationId', 'seq']],
});

export const AUDIT_DIRECTORY = defineReadModel<AuditDirectoryEntry>({ name: 'audit_directory' });

/**
 * The organization each space is in, learnt from audited events naming both: events that name a space only (comments) are audited there.
 */
export interface AuditSpaceEntry extends Doc {
  organizationId: string;
}

export const AUDIT_SPACES = defineReadModel<AuditSpaceEntry>({ name: 'audit_spaces' });

export interface AuditEventFilters {
  /** ISO 8601: events at or after. */
  from?: string;
  /** ISO 8601: events at or before. */
  to?: string;
  action?: string;
  actor?: string;
  target?: string;
  /** The events of one request (its X-Request-Id), across streams. */
  correlationId?: string;
}

/** The queries over the audit trail. */
@Provided()
export class AuditReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The audit event, if it belongs to the organization; 404 otherwise. */
  async event(organizationId: string, auditEventId: string): Promise<AuditEventDoc> {
    return found(await this.readModels.getIn(AUDIT_EVENTS, auditEventId, 'organizationId', organizationId), 'audit event not found');
  }

  /**
   * The organization's audit events, newest first: one index range (the organization's, or one
   * request's within it with `correlationId`), the other filters tested along it.
   */
  events(organizationId: string, filters: AuditEventFilters, page: Page): Promise<FindResult<AuditEventDoc>> {
    const where: Filter[] = [{ field: 'organizationId', op: 'eq', value: organizationId }];
    if (filters.correlationId) where.push({ field: 'correlationId', op: 'eq', value: filters.correlationId });
    if (filters.from) where.push({ field: 'occurredAt', op: 'gte', value: new Date(filters.from).toISOString() });
    if (filters.to) where.push({ field: 'occurredAt', op: 'lte', value: new Date(filters.to).toISOString() });
    if (filters.action) where.push({ field: 'action', op: 'eq', value: filters.action });
    if (filters.actor) where.push({ field: 'actorId', op: 'eq', value: filters.actor });
    if (filters.target) where.push({ field: 'targetId', op: 'eq', value: filters.target });
    return this.readModels.find(AUDIT_EVENTS, { where, sort: { field: 'seq', direction: 'desc' }, ...page });
  }
}
