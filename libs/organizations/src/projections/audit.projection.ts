import { defineProjection, EventData, EventHandlers, ProjectionWriter, Recorded } from '@docs/platform';
import { AUDITED_ACTIONS, AUDITED_EVENT_TYPES, AuditedEvent } from '../domain/audit';
import { UserRegistered } from '../domain/user';
import { AUDIT_DIRECTORY, AUDIT_EVENTS, AuditEventDoc } from './audit.read-model';

/** Requests come through the API; the CLI and the bootstrap write with correlation ids of their own. */
const sourceOf = (correlationId: string): AuditEventDoc['source'] =>
  correlationId.startsWith('cli-') || correlationId.startsWith('bootstrap-') ? 'script' : 'api';

async function recordAuditEvent(event: Recorded<AuditedEvent>, w: ProjectionWriter): Promise<void> {
  const action = AUDITED_ACTIONS[event.type];
  const { actor, correlationId, causationId, schemaVersion, occurredAt } = event.metadata;
  const system = actor === 'system';
  const actorLabel = system ? undefined : (await w.get(AUDIT_DIRECTORY, actor))?.label;
  const payload: EventData = event.data;
  w.put(AUDIT_EVENTS, {
    id: event.id,
    organizationId: event.data.organizationId,
    seq: Number(event.position),
    occurredAt,
    action: event.type,
    actorType: system ? 'system' : 'user',
    actorId: actor,
    ...(actorLabel ? { actorLabel } : {}),
    source: sourceOf(correlationId),
    targetType: action.target.type,
    targetId: String(payload[action.target.idField]),
    correlationId,
    causationId,
    schemaVersion,
    payload,
  });
}

/** The same handler for every audited event type. */
const onAuditedEvents: EventHandlers<AuditedEvent> = Object.fromEntries(AUDITED_EVENT_TYPES.map((type) => [type, recordAuditEvent]));

/** The organization audit trail: one document per audited event, who did what to which resource. */
export const auditProjection = defineProjection<AuditedEvent | UserRegistered>({
  name: 'audit',
  version: 1,
  collections: [AUDIT_EVENTS, AUDIT_DIRECTORY],
  applyReadsByIdOnly: true,
  on: {
    UserRegistered({ data: { userId, displayName, email } }, w) {
      w.put(AUDIT_DIRECTORY, { id: userId, label: `${displayName} <${email}>` });
    },
    ...onAuditedEvents,
  },
});
