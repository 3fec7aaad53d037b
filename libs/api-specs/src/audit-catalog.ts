import { auditCatalog } from '@docs/kernel';
import { OpenAPISpecEvent, OpenAPISpecProcessingStarted } from './openapi-specs/openapi-spec.decider';

/**
 * The api-specs context's events in the organization audit trail (composed in apps/api/app.module.ts).
 * Not audited: `OpenAPISpecProcessingStarted`, a step of processing whose outcome
 * (`OpenAPISpecProcessed` or `OpenAPISpecProcessingFailed`) is.
 */
export type ApiSpecsAuditedEvent = Exclude<OpenAPISpecEvent, OpenAPISpecProcessingStarted>;

export const API_SPECS_AUDIT_CATALOG = auditCatalog<ApiSpecsAuditedEvent>((on) =>
  on(
    { type: 'openapi-spec', idField: 'specId' },
    {
      OpenAPISpecCreated: 'OpenAPI specification created',
      OpenAPISpecSourceUpdated: 'OpenAPI specification source updated',
      OpenAPISpecProcessed: 'OpenAPI specification processed',
      OpenAPISpecProcessingFailed: 'OpenAPI specification processing failed',
      OpenAPISpecDeleted: 'OpenAPI specification deleted',
    },
  ),
);
