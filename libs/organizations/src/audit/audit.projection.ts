import { AnyAuditedAction, AuditableEvent, DomainEvent } from '@docs/kernel';
import { defineProjection, EventData, EventHandlers, Projection, ProjectionWriter, Recorded } from '@docs/platform/projections';
import { AuditActions } from './audit.domain';
import { UserRegistered } from '../users/user.decider';
import { AUDIT_DIRECTORY, AUDIT_EVENTS, AUDIT_SPACES, AuditEventDoc } from './audit.read-model';

/** Requests come through the API; the CLI and the bootstrap write with correlation ids of their own. */
const sourceOf = (correlationId: string): AuditEventDoc['source'] =>
  correlationId.startsWith('cli-') || correlationId.startsWith('bootstrap-') ? 'script' : 'api';

/** The operator CLI writes as `cli:<user>@<host>` (apps/cli operatorActor). */
const CLI_ACTOR = 'cli:';

/**
 * Who did it: `system` and the operator CLI are GitBook's `system` actor (the CLI's operator kept
 * as the actor id and label); anyone else is a user, labelled as they registered.
 */
async function actorOf(actor: string, w: ProjectionWriter): Promise<Pick<AuditEventDoc, 'actorType' | 'actorId' | 'actorLabel'>> {
  if (actor === 'system') return { actorType: 'system', actorId: actor };
  if (actor.startsWith(CLI_ACTOR))
    return { actorType: 'system', actorId: actor, actorLabel: `CLI operator ${actor.slice(CLI_ACTOR.length)}` };
  const label = (await w.get(AUDIT_DIRECTORY, actor))?.label;
  return { actorType: 'user', actorId: actor, ...(label ? { actorLabel: label } : {}) };
}

/**
 * The organization an event belongs to: the one it names, else its space's (events of a space that
 * do not name the organization, such as comments). Events naming both teach the space's organization;
 * a transfer names the organization the space goes to as `toOrganizationId`.
 */
async function organizationOf(data: EventData, w: ProjectionWriter): Promise<string | null> {
  const spaceId = typeof data.spaceId === 'string' ? data.spaceId : null;
  const named = typeof data.organizationId === 'string' ? data.organizationId : null;
  if (spaceId !== null && named !== null) {
    const now = typeof data.toOrganizationId === 'string' ? data.toOrganizationId : named;
    w.put(AUDIT_SPACES, { id: spaceId, organizationId: now });
  }
  if (named !== null) return named;
  return spaceId === null ? null : ((await w.get(AUDIT_SPACES, spaceId))?.organizationId ?? null);
}

const recordAuditEvent =
  (action: AnyAuditedAction) =>
  async (event: Recorded<AuditableEvent>, w: ProjectionWriter): Promise<void> => {
    const { actor, correlationId, causationId, schemaVersion, occurredAt } = event.metadata;
    const payload: EventData = event.data;
    const organizationId = await organizationOf(payload, w);
    // A space never seen with its organization (none is: spaces are created with one) cannot be placed.
    if (organizationId === null) return;
    w.put(AUDIT_EVENTS, {
      id: event.id,
      organizationId,
      seq: Number(event.position),
      occurredAt,
      action: event.type,
      ...(await actorOf(actor, w)),
      source: sourceOf(correlationId),
      targetType: action.target.type,
      targetId: String(payload[action.target.idField]),
      correlationId,
      causationId,
      schemaVersion,
      payload,
    });
  };

/**
 * The organization audit trail: one document per audited event, who did what to which resource.
 * Built from every context's audit catalog at composition time (apps/api/projections.ts); what it
 * handles is exactly the composed event types. Version 2: every context's events, cli actors as system.
 */
export function auditProjection(actions: AuditActions): Projection {
  const onAuditedEvents: EventHandlers<AuditableEvent> = Object.fromEntries(
    actions.types().map((type) => [type, recordAuditEvent(actions.get(type)!)]),
  );
  const onUsers: EventHandlers<UserRegistered> = {
    UserRegistered({ data: { userId, displayName, email } }, w) {
      w.put(AUDIT_DIRECTORY, { id: userId, label: `${displayName} <${email}>` });
    },
  };
  // Typed per part: the audited event types are only known at composition time.
  return defineProjection<DomainEvent>({
    name: 'audit',
    // 3: events naming a space only (comments) are audited in the space's organization.
    version: 3,
    collections: [AUDIT_EVENTS, AUDIT_DIRECTORY, AUDIT_SPACES],
    applyReadsByIdOnly: true,
    on: { ...(onAuditedEvents as EventHandlers<DomainEvent>), ...(onUsers as EventHandlers<DomainEvent>) },
  });
}
