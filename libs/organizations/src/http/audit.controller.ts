import { Controller, Get, Inject, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig, Caller, CurrentCaller, envelope, notFound, pageOf } from '@docs/platform';
import { AUDITED_ACTIONS } from '../domain/audit';
import { GetAuditEvent } from '../application/get-audit-event';
import { ListAuditEvents } from '../application/list-audit-events';
import { OrganizationAccess } from '../application/organization-access';
import { AuditEventDoc } from '../projections/audit.projection';
import { ListAuditEventsQuery } from './dto/audit.dto';

/** The organization's audit trail for its admins, read from the event history (GitBook's audit events API). */
@ApiTags('organizations')
@ApiBearerAuth()
@Controller('v1/orgs/:organizationId')
export class AuditController {
  constructor(
    private readonly queries: QueryBus,
    private readonly access: OrganizationAccess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('audit-events')
  @ApiOperation({ operationId: 'listOrganizationAuditEvents', summary: 'List organization audit events, newest first' })
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListAuditEventsQuery) {
    const { from, to, action, actor, target } = query;
    const result = await this.queries.execute(new ListAuditEvents(organizationId, caller.userId, { from, to, action, actor, target }, pageOf(query)));
    return envelope(result, (doc) => this.summary(doc));
  }

  @Get('audit-events/:auditEventId')
  @ApiOperation({ operationId: 'getOrganizationAuditEvent', summary: 'Get an organization audit event with its payload' })
  async get(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('auditEventId', new ParseUUIDPipe({ exceptionFactory: () => notFound('audit event not found') })) auditEventId: string,
  ) {
    const doc = await this.queries.execute(new GetAuditEvent(organizationId, auditEventId, caller.userId));
    return {
      ...this.summary(doc),
      correlationId: doc.correlationId,
      ...(doc.causationId && doc.causationId !== doc.correlationId ? { executionId: doc.causationId } : {}),
      schemaVersion: doc.schemaVersion,
      payload: doc.payload,
    };
  }

  @Get('audit-event-actions')
  @ApiOperation({ operationId: 'listOrganizationAuditEventActions', summary: 'List the audit event actions' })
  async actions(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string) {
    await this.access.requireAdmin(organizationId, caller.userId);
    return { items: Object.entries(AUDITED_ACTIONS).map(([id, a]) => ({ object: 'audit-event-action' as const, id, label: a.label })) };
  }

  private summary(doc: AuditEventDoc) {
    return {
      object: 'audit-event' as const,
      id: doc.id,
      occurredAt: doc.occurredAt,
      action: doc.action,
      actor: { type: doc.actorType, id: doc.actorId, ...(doc.actorLabel ? { label: doc.actorLabel } : {}) },
      source: doc.source,
      target: { type: doc.targetType, id: doc.targetId },
      urls: { location: `${this.config.publicUrl}/v1/orgs/${doc.organizationId}/audit-events/${doc.id}` },
    };
  }
}
