import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Filter, FindResult, ReadModels } from '@docs/platform';
import { AuditEventDoc } from '../projections/audit.projection';
import { OrganizationAccess } from './organization-access';

export interface AuditEventFilters {
  from?: string;
  to?: string;
  action?: string;
  actor?: string;
  target?: string;
}

export class ListAuditEvents extends Query<FindResult<AuditEventDoc>> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
    readonly filters: AuditEventFilters,
    readonly page: { after?: string; limit: number },
  ) {
    super();
  }
}

/** GET /v1/orgs/{organizationId}/audit-events: admins only, newest first. */
@QueryHandler(ListAuditEvents)
export class ListAuditEventsHandler implements IQueryHandler<ListAuditEvents> {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, userId, filters, page }: ListAuditEvents): Promise<FindResult<AuditEventDoc>> {
    await this.access.requireAdmin(organizationId, userId);
    const where: Filter[] = [{ field: 'organizationId', op: 'eq', value: organizationId }];
    if (filters.from) where.push({ field: 'occurredAt', op: 'gte', value: new Date(filters.from).toISOString() });
    if (filters.to) where.push({ field: 'occurredAt', op: 'lte', value: new Date(filters.to).toISOString() });
    if (filters.action) where.push({ field: 'action', op: 'eq', value: filters.action });
    if (filters.actor) where.push({ field: 'actorId', op: 'eq', value: filters.actor });
    if (filters.target) where.push({ field: 'targetId', op: 'eq', value: filters.target });
    return this.readModels.find<AuditEventDoc>('audit_events', { where, sort: { field: 'seq', direction: 'desc' }, ...page });
  }
}
