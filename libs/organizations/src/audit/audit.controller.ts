import { Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiController, Endpoint, envelope, notFound, pageOf, UseCases } from '@docs/platform';
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
export class AuditController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: AuditPresenter,
  ) {}

  @Endpoint('GET', 'audit-events', {
    operationId: 'listOrganizationAuditEvents',
    summary: 'List organization audit events, newest first',
    answers: [AuditEventResponse],
  })
  async list(@OrgScope() scope: OrganizationScope, @Query() query: ListAuditEventsQuery) {
    const { from, to, action, actor, target, correlationId } = query;
    const result = await this.useCases.query(
      new ListAuditEvents({ filters: { from, to, action, actor, target, correlationId }, page: pageOf(query) }, scope),
    );
    return envelope(result, (doc) => this.present.event(doc));
  }

  @Endpoint('GET', 'audit-events/:auditEventId', {
    operationId: 'getOrganizationAuditEvent',
    summary: 'Get an organization audit event with its payload',
    answers: AuditEventDetailsResponse,
  })
  async get(
    @OrgScope() scope: OrganizationScope,
    @Param('auditEventId', new ParseUUIDPipe({ exceptionFactory: () => notFound('audit event not found') })) auditEventId: string,
  ) {
    return this.present.details(await this.useCases.query(new GetAuditEvent({ auditEventId }, scope)));
  }

  @Endpoint('GET', 'audit-event-actions', {
    operationId: 'listOrganizationAuditEventActions',
    summary: 'List the audit event actions',
    answers: AuditEventActionsResponse,
  })
  async actions(@OrgScope() scope: OrganizationScope) {
    const actions = await this.useCases.query(new ListAuditEventActions(scope));
    return { items: actions.map((a) => this.present.action(a)) };
  }
}
