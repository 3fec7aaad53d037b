import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { AuditEventDoc, AuditEventFilters, AuditReadModel } from './audit.read-model';
import { OrganizationQuery } from '../shared/organization-scope';

export class ListAuditEvents extends OrganizationQuery<{ filters: AuditEventFilters; page: Page }, FindResult<AuditEventDoc>> {}

/** GET /v1/orgs/{organizationId}/audit-events: admins only, newest first. */
@QueryHandler(ListAuditEvents)
export class ListAuditEventsHandler implements IQueryHandler<ListAuditEvents> {
  constructor(private readonly read: AuditReadModel) {}

  async execute({ props: { filters, page }, scope }: ListAuditEvents): Promise<FindResult<AuditEventDoc>> {
    await scope.requireAdmin();
    return this.read.events(scope.organizationId, filters, page);
  }
}
