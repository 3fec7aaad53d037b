import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { OpenAPISpecEvent } from './openapi-spec.decider';
import { openAPISpecsProjection } from './openapi-specs.projection';
import { OPENAPI_SPEC_VERSIONS, OPENAPI_SPECS } from './openapi-specs.read-model';

const T1 = '2024-01-01T00:00:00.000Z';
const T2 = '2024-01-02T00:00:00.000Z';
const T3 = '2024-01-03T00:00:00.000Z';
const base = { organizationId: 'o1', specId: 's1' };
const version = { versionId: 'v1', documentHash: 'a'.repeat(64), rawHash: 'b'.repeat(64), format: 'yaml' as const, infoVersion: '1.0.0' };
const created: OpenAPISpecEvent = {
  type: 'OpenAPISpecCreated',
  data: { ...base, slug: 'pets', source: { url: 'https://x.test/a' }, request: 1 },
};
const started: OpenAPISpecEvent = { type: 'OpenAPISpecProcessingStarted', data: { ...base, request: 1 } };
const processed = (newVersion: boolean, v = version): OpenAPISpecEvent => ({
  type: 'OpenAPISpecProcessed',
  data: { ...base, request: 1, version: v, newVersion, sourceURL: 'https://x.test/a' },
});
const failed: OpenAPISpecEvent = {
  type: 'OpenAPISpecProcessingFailed',
  data: { ...base, request: 2, errorCode: 'PARSE_ERROR', message: 'bad' },
};

describe('openapi_specs projection', () => {
  const spec = projectionSpecPerTest(openAPISpecsProjection);

  it('follows the processing state, the last version and errors', async () => {
    await spec.given(occurred(T1, created));
    expect(await spec.readModels.get(OPENAPI_SPECS, 's1')).toEqual({
      id: 's1',
      organizationId: 'o1',
      slug: 'pets',
      source: { url: 'https://x.test/a' },
      processingState: 'pending',
      createdAt: T1,
      updatedAt: T1,
    });
    await spec.given([...occurred(T2, started, processed(true))]);
    expect(await spec.readModels.get(OPENAPI_SPECS, 's1')).toMatchObject({
      processingState: 'complete',
      lastVersion: '1.0.0',
      lastVersionId: 'v1',
      lastProcessedAt: T2,
      updatedAt: T2,
    });
    expect(await spec.readModels.get(OPENAPI_SPEC_VERSIONS, 'v1')).toEqual({
      id: 'v1',
      organizationId: 'o1',
      specId: 's1',
      documentHash: version.documentHash,
      rawHash: version.rawHash,
      format: 'yaml',
      infoVersion: '1.0.0',
      sourceURL: 'https://x.test/a',
      createdAt: T2,
    });
    await spec.given(occurred(T3, failed));
    expect(await spec.readModels.get(OPENAPI_SPECS, 's1')).toMatchObject({
      processingState: 'complete',
      lastProcessErrorCode: 'PARSE_ERROR',
      lastProcessError: 'bad',
      lastVersion: '1.0.0',
      lastProcessedAt: T3,
    });
    await spec.given(occurred(T3, processed(false)));
    const doc = await spec.readModels.get(OPENAPI_SPECS, 's1');
    expect(doc?.lastProcessErrorCode).toBeUndefined();
  });

  it('adds a version only for a new document, and drops the spec and its versions on delete', async () => {
    await spec.given([
      ...occurred(
        T1,
        created,
        processed(true),
        processed(false),
        processed(true, { ...version, versionId: 'v2', documentHash: 'c'.repeat(64) }),
      ),
    ]);
    expect(
      (await spec.readModels.find(OPENAPI_SPEC_VERSIONS, { where: [{ field: 'specId', op: 'eq', value: 's1' }], limit: 10 })).count,
    ).toBe(2);
    await spec.given(occurred(T2, { type: 'OpenAPISpecDeleted', data: base }));
    expect(await spec.readModels.get(OPENAPI_SPECS, 's1')).toBeNull();
    expect(
      (await spec.readModels.find(OPENAPI_SPEC_VERSIONS, { where: [{ field: 'specId', op: 'eq', value: 's1' }], limit: 10 })).count,
    ).toBe(0);
  });
});
