import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AuditActions } from './audit.domain';
import { ScopeQuery } from '../shared/organization-scope';

export interface AuditEventAction {
  /** The audited event type. */
  id: string;
  label: string;
}

export class ListAuditEventActions extends ScopeQuery<AuditEventAction[]> {}

/** GET /v1/orgs/{organizationId}/audit-event-actions: admins only; every context's actions (the composed catalog), unpaginated. */
@QueryHandler(ListAuditEventActions)
export class ListAuditEventActionsHandler implements IQueryHandler<ListAuditEventActions> {
  constructor(private readonly actions: AuditActions) {}

  async execute({ scope }: ListAuditEventActions): Promise<AuditEventAction[]> {
    await scope.requireAdmin();
    return this.actions.list();
  }
}
