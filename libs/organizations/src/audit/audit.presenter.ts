import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { AuditEventAction } from './list-audit-event-actions';
import { AuditEventDoc } from './audit.read-model';
import { AuditEventActionResponse, AuditEventDetailsResponse, AuditEventResponse } from '../responses';

/** GitBook's AuditEvent, AuditEventDetails and AuditEventAction objects. No I/O. */
@Injectable()
export class AuditPresenter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  event(doc: AuditEventDoc): AuditEventResponse {
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

  details(doc: AuditEventDoc): AuditEventDetailsResponse {
    return {
      ...this.event(doc),
      correlationId: doc.correlationId,
      ...(doc.causationId && doc.causationId !== doc.correlationId ? { executionId: doc.causationId } : {}),
      schemaVersion: doc.schemaVersion,
      payload: doc.payload,
    };
  }

  action({ id, label }: AuditEventAction): AuditEventActionResponse {
    return { object: 'audit-event-action' as const, id, label };
  }
}
