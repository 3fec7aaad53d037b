import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AUDITED_ACTIONS, AUDITED_EVENT_TYPES } from '../domain/audit';
import { ScopeQuery } from './organization-scope';

export interface AuditEventAction {
  /** The audited event type. */
  id: string;
  label: string;
}

export class ListAuditEventActions extends ScopeQuery<AuditEventAction[]> {}

/** GET /v1/orgs/{organizationId}/audit-event-actions: admins only; every action, unpaginated. */
@QueryHandler(ListAuditEventActions)
export class ListAuditEventActionsHandler implements IQueryHandler<ListAuditEventActions> {
  async execute({ scope }: ListAuditEventActions): Promise<AuditEventAction[]> {
    await scope.requireAdmin();
    return AUDITED_EVENT_TYPES.map((id) => ({ id, label: AUDITED_ACTIONS[id].label }));
  }
}
