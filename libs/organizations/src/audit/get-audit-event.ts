import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AuditEventDoc, AuditReadModel } from './audit.read-model';
import { OrganizationQuery } from '../shared/organization-scope';

export class GetAuditEvent extends OrganizationQuery<{ auditEventId: string }, AuditEventDoc> {}

/** GET /v1/orgs/{organizationId}/audit-events/{auditEventId}: admins only. */
@QueryHandler(GetAuditEvent)
export class GetAuditEventHandler implements IQueryHandler<GetAuditEvent> {
  constructor(private readonly read: AuditReadModel) {}

  async execute({ props: { auditEventId }, scope }: GetAuditEvent): Promise<AuditEventDoc> {
    await scope.requireAdmin();
    return this.read.event(scope.organizationId, auditEventId);
  }
}
