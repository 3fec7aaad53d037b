import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { AuditEventDoc, AuditReadModel } from '../projections/audit.read-model';
import { OrganizationScope } from './organization-scope';

export class GetAuditEvent extends Query<AuditEventDoc> {
  constructor(
    readonly props: { auditEventId: string },
    readonly scope: OrganizationScope,
  ) {
    super();
  }
}

/** GET /v1/orgs/{organizationId}/audit-events/{auditEventId}: admins only. */
@QueryHandler(GetAuditEvent)
export class GetAuditEventHandler implements IQueryHandler<GetAuditEvent> {
  constructor(private readonly read: AuditReadModel) {}

  async execute({ props: { auditEventId }, scope }: GetAuditEvent): Promise<AuditEventDoc> {
    await scope.requireAdmin();
    return this.read.event(scope.organizationId, auditEventId);
  }
}
