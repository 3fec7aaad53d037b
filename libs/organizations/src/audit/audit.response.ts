import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiObject, DateTime, LocationUrls } from '@docs/platform';

/** Literal lists of the audit projection's AuditEventDoc (actorType, source): a subset of GitBook's enums. */
const ACTOR_TYPES = ['user', 'system'];
const SOURCES = ['api', 'script'];

export class AuditEventActor {
  @ApiProperty({ type: String, enum: ACTOR_TYPES, description: 'Kind of actor that made the change' })
  type!: 'user' | 'system';

  @ApiProperty({ type: String, description: 'A user id, `system`, or `cli:<user>@<host>` for the operator CLI (type system)' })
  id!: string;

  @ApiPropertyOptional({ type: String, description: 'Display label of the user when the event was recorded, or of the CLI operator' })
  label?: string;
}

export class AuditEventTarget {
  @ApiProperty({
    type: String,
    description:
      'Kind of resource changed, from the audit catalogs of every context: organization, member, team, ' +
      'space, change-request, site, openapi-spec, integration, ...',
  })
  type!: string;

  @ApiProperty({ type: String, description: 'Identifier of the resource changed' })
  id!: string;
}

/** GitBook's AuditEvent (AuditPresenter.event): GET .../audit-events items. */
export class AuditEventResponse extends ApiObject('audit-event', {
  format: 'uuid',
  description: 'Unique identifier of the audit event (the id of the recorded event)',
}) {
  @DateTime()
  occurredAt!: string;

  @ApiProperty({ type: String, description: 'Action id: one of GET .../audit-event-actions' })
  action!: string;

  @ApiProperty({ type: () => AuditEventActor })
  actor!: AuditEventActor;

  @ApiProperty({ type: String, enum: SOURCES, description: 'api: an API request; script: the CLI or the server bootstrap' })
  source!: 'api' | 'script';

  @ApiProperty({ type: () => AuditEventTarget })
  target!: AuditEventTarget;

  @ApiProperty({ type: () => LocationUrls })
  urls!: LocationUrls;
}

/** GitBook's AuditEventDetails (AuditPresenter.details). */
export class AuditEventDetailsResponse extends AuditEventResponse {
  @ApiProperty({ type: String, description: 'Shared by the events of one request (its X-Request-Id)' })
  correlationId!: string;

  @ApiPropertyOptional({
    type: String,
    description: 'Identifier of the operation that recorded the event, when it differs from correlationId',
  })
  executionId?: string;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'Version of the payload schema' })
  schemaVersion!: number;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The details of the action' })
  payload!: Record<string, unknown>;
}

/** GitBook's AuditEventAction (AuditPresenter.action). */
export class AuditEventActionResponse extends ApiObject('audit-event-action', { description: 'Action id, stored on audit events' }) {
  @ApiProperty({ type: String, description: 'Human-readable label of the action' })
  label!: string;
}

/** GET /v1/orgs/{organizationId}/audit-event-actions: every action, unpaginated. */
export class AuditEventActionsResponse {
  @ApiProperty({ type: () => AuditEventActionResponse, isArray: true })
  items!: AuditEventActionResponse[];
}
