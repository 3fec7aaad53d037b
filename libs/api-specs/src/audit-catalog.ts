import { auditCatalog } from '@docs/organizations';
import { OpenAPISpecEvent, OpenAPISpecProcessingStarted } from './openapi-specs/openapi-spec.decider';

/**
 * The api-specs context's events in the organization audit trail (composed in apps/api/app.module.ts).
 * Not audited: `OpenAPISpecProcessingStarted`, a step of processing whose outcome
 * (`OpenAPISpecProcessed` or `OpenAPISpecProcessingFailed`) is.
 */
export type ApiSpecsAuditedEvent = Exclude<OpenAPISpecEvent, OpenAPISpecProcessingStarted>;

const spec = { type: 'openapi-spec', idField: 'specId' } as const;

export const API_SPECS_AUDIT_CATALOG = auditCatalog<ApiSpecsAuditedEvent>({
  OpenAPISpecCreated: { label: 'OpenAPI specification created', target: spec },
  OpenAPISpecSourceUpdated: { label: 'OpenAPI specification source updated', target: spec },
  OpenAPISpecProcessed: { label: 'OpenAPI specification processed', target: spec },
  OpenAPISpecProcessingFailed: { label: 'OpenAPI specification processing failed', target: spec },
  OpenAPISpecDeleted: { label: 'OpenAPI specification deleted', target: spec },
});
