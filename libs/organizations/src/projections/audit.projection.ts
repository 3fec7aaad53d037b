import { Projection, RecordedEvent } from '@docs/platform';
import { AUDITED_ACTIONS, AUDITED_EVENT_TYPES } from '../domain/audit';

export interface AuditEventDoc {
  /** The event's id (a UUID). */
  id: string;
  organizationId: string;
  /** Log position, for newest-first order (positions stay far below 2^53). */
  seq: number;
  occurredAt: string;
  action: string;
  actorType: 'user' | 'system';
  actorId: string;
  actorLabel?: string;
  source: 'api' | 'script';
  targetType: string;
  targetId: string;
  correlationId: string;
  causationId: string | null;
  schemaVersion: number;
  payload: Record<string, unknown>;
  [key: string]: unknown;
}

interface DirectoryEntry {
  id: string;
  label: string;
  [key: string]: unknown;
}

/** Requests come through the API; the CLI and the bootstrap write with correlation ids of their own. */
const sourceOf = (correlationId: string): AuditEventDoc['source'] =>
  correlationId.startsWith('cli-') || correlationId.startsWith('bootstrap-') ? 'script' : 'api';

/** The organization audit trail: one document per audited event, who did what to which resource. */
export const auditProjection: Projection = {
  name: 'audit',
  version: 1,
  collections: [
    // Listings are per organization, newest first, counted per organization. The filters (time,
    // action, actor, target) are columns tested along that range: indexes of their own would be
    // written on every event of the log for an occasional admin query.
    {
      name: 'audit_events',
      fields: ['occurredAt', 'action', 'actorId', 'targetId'],
      indexes: [['organizationId', 'seq']],
      counts: [['organizationId']],
    },
    { name: 'audit_directory' },
  ],
  handles: ['UserRegistered', ...AUDITED_EVENT_TYPES],
  applyReadsByIdOnly: true,
  async apply(event: RecordedEvent, w) {
    const data = event.data as Record<string, unknown>;
    if (event.type === 'UserRegistered') {
      w.put('audit_directory', { id: String(data.userId), label: `${String(data.displayName)} <${String(data.email)}>` });
      return;
    }
    const action = AUDITED_ACTIONS[event.type]!;
    const { actor, correlationId, causationId, schemaVersion, occurredAt } = event.metadata;
    const system = actor === 'system';
    const actorLabel = system ? undefined : (await w.get<DirectoryEntry>('audit_directory', actor))?.label;
    w.put('audit_events', {
      id: event.id,
      organizationId: String(data.organizationId),
      seq: Number(event.position),
      occurredAt,
      action: event.type,
      actorType: system ? 'system' : 'user',
      actorId: actor,
      ...(actorLabel ? { actorLabel } : {}),
      source: sourceOf(correlationId),
      targetType: action.target.type,
      targetId: String(data[action.target.idField]),
      correlationId,
      causationId,
      schemaVersion,
      payload: data,
    } satisfies AuditEventDoc);
  },
};
