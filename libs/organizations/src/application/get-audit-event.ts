import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { notFound, ReadModels } from '@docs/platform';
import { AuditEventDoc } from '../projections/audit.projection';
import { OrganizationAccess } from './organization-access';

export class GetAuditEvent extends Query<AuditEventDoc> {
  constructor(
    readonly organizationId: string,
    readonly auditEventId: string,
    readonly userId: string,
  ) {
    super();
  }
}

/** GET /v1/orgs/{organizationId}/audit-events/{auditEventId}: admins only. */
@QueryHandler(GetAuditEvent)
export class GetAuditEventHandler implements IQueryHandler<GetAuditEvent> {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, auditEventId, userId }: GetAuditEvent): Promise<AuditEventDoc> {
    await this.access.requireAdmin(organizationId, userId);
    const event = await this.readModels.get<AuditEventDoc>('audit_events', auditEventId);
    if (!event || event.organizationId !== organizationId) throw notFound('audit event not found');
    return event;
  }
}
