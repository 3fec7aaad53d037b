import { Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, notFound, pageOf, UseCaseRoutes } from '@docs/platform';
import { GetAuditEvent } from './get-audit-event';
import { ListAuditEventActions } from './list-audit-event-actions';
import { ListAuditEvents } from './list-audit-events';
import { OrganizationScope } from '../shared/organization-scope';
import { AuditPresenter } from './audit.presenter';
import { ListAuditEventsQuery } from './audit.dto';
import { OrgScope } from '../shared/org-scope';
import { AuditEventActionsResponse, AuditEventDetailsResponse, AuditEventResponse } from '../responses';

/** The organization's audit trail for its admins, read from the event history (GitBook's audit events API). */
@ApiController('v1/orgs/:organizationId', 'organizations')
export class AuditController extends UseCaseRoutes(AuditPresenter) {
  @Endpoint('GET', 'audit-events', { answers: [AuditEventResponse] })
  @Operation('listOrganizationAuditEvents', 'List organization audit events, newest first')
  async list(@OrgScope() scope: OrganizationScope, @Query() query: ListAuditEventsQuery) {
    const { from, to, action, actor, target, correlationId } = query;
    const filters = { from, to, action, actor, target, correlationId };
    return this.presentPage(new ListAuditEvents({ filters, page: pageOf(query) }, scope), (doc) => this.present.event(doc));
  }

  @Endpoint('GET', 'audit-events/:auditEventId', { answers: AuditEventDetailsResponse })
  @Operation('getOrganizationAuditEvent', 'Get an organization audit event with its payload')
  async get(
    @OrgScope() scope: OrganizationScope,
    @Param('auditEventId', new ParseUUIDPipe({ exceptionFactory: () => notFound('audit event not found') })) auditEventId: string,
  ) {
    return this.present.details(await this.useCases.query(new GetAuditEvent({ auditEventId }, scope)));
  }

  @Endpoint('GET', 'audit-event-actions', { answers: AuditEventActionsResponse })
  @Operation('listOrganizationAuditEventActions', 'List the audit event actions')
  async actions(@OrgScope() scope: OrganizationScope) {
    const actions = await this.useCases.query(new ListAuditEventActions(scope));
    return { items: actions.map((a) => this.present.action(a)) };
  }
}
