/**
 * The api-specs context's published language: every event it writes (stream `openapi-spec-<id>`),
 * as types only. Other contexts import these with `import type { ... } from '@docs/api-specs/events'`;
 * nothing here loads code.
 */
export type {
  OpenAPISpecEvent,
  OpenAPISpecCreated,
  OpenAPISpecSourceUpdated,
  OpenAPISpecProcessingStarted,
  OpenAPISpecProcessed,
  OpenAPISpecProcessingFailed,
  OpenAPISpecDeleted,
  OpenAPISpecSource,
  StoredVersion,
  ProcessErrorCode,
  DocumentFormat,
} from './openapi-specs/openapi-spec.decider';
