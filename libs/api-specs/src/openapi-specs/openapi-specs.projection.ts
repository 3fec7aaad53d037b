import { defineProjection, deleteWhere } from '@docs/platform/projections';
import { OpenAPISpecEvent } from './openapi-spec.decider';
import { OPENAPI_SPEC_VERSIONS, OPENAPI_SPECS, OpenAPISpecDoc } from './openapi-specs.read-model';

/** OpenAPI specifications of organizations, their processing state and their versions. */
export const openAPISpecsProjection = defineProjection<OpenAPISpecEvent>({
  name: 'openapi_specs',
  version: 1,
  collections: [OPENAPI_SPECS, OPENAPI_SPEC_VERSIONS],
  on: {
    OpenAPISpecCreated({ data: { organizationId, specId, slug, source }, metadata: { occurredAt } }, w) {
      w.put(OPENAPI_SPECS, {
        id: specId,
        organizationId,
        slug,
        source,
        processingState: 'pending',
        createdAt: occurredAt,
        updatedAt: occurredAt,
      });
    },
    async OpenAPISpecSourceUpdated({ data: { specId, source }, metadata: { occurredAt } }, w) {
      await w.update(OPENAPI_SPECS, specId, (doc) => doc && { ...doc, source, processingState: 'pending' as const, updatedAt: occurredAt });
    },
    async OpenAPISpecProcessingStarted({ data: { specId }, metadata: { occurredAt } }, w) {
      await w.update(OPENAPI_SPECS, specId, (doc) => doc && { ...doc, processingState: 'progress' as const, updatedAt: occurredAt });
    },
    async OpenAPISpecProcessed({ data: { organizationId, specId, version, newVersion, sourceURL }, metadata: { occurredAt } }, w) {
      await w.update(OPENAPI_SPECS, specId, (doc) => {
        if (!doc) return null;
        const { lastProcessErrorCode: _code, lastProcessError: _error, ...rest } = doc;
        const next: OpenAPISpecDoc = {
          ...rest,
          processingState: 'complete',
          lastVersion: version.infoVersion,
          lastVersionId: version.versionId,
          lastProcessedAt: occurredAt,
          updatedAt: occurredAt,
        };
        return next;
      });
      if (newVersion) {
        const { versionId, documentHash, rawHash, format, infoVersion } = version;
        w.put(OPENAPI_SPEC_VERSIONS, {
          id: versionId,
          organizationId,
          specId,
          documentHash,
          rawHash,
          format,
          infoVersion,
          ...(sourceURL ? { sourceURL } : {}),
          createdAt: occurredAt,
        });
      }
    },
    async OpenAPISpecProcessingFailed({ data: { specId, errorCode, message }, metadata: { occurredAt } }, w) {
      await w.update(
        OPENAPI_SPECS,
        specId,
        (doc) =>
          doc && {
            ...doc,
            processingState: 'complete' as const,
            lastProcessErrorCode: errorCode,
            lastProcessError: message,
            lastProcessedAt: occurredAt,
            updatedAt: occurredAt,
          },
      );
    },
    async OpenAPISpecDeleted({ data: { specId } }, w) {
      w.delete(OPENAPI_SPECS, specId);
      // A spec's versions go with it (a spec created again under the slug starts without versions).
      await deleteWhere(w, OPENAPI_SPEC_VERSIONS, 'specId', specId);
    },
  },
});
