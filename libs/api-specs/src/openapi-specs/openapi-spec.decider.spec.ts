import { deciderSpec } from '@docs/kernel/testing';
import {
  OpenAPISpecCommand,
  OpenAPISpecEvent,
  OpenAPISpecFacts,
  openAPISpecAggregate,
  specIdOf,
  versionIdOf,
} from './openapi-spec.decider';

const org = 'org1';
const specId = specIdOf(org, 'pets');
const writer: OpenAPISpecFacts = { role: 'create' };
const reader: OpenAPISpecFacts = { role: 'read' };
const url = { url: 'https://api.example.com/openapi.yaml' };
const version = { documentHash: 'a'.repeat(64), rawHash: 'b'.repeat(64), format: 'yaml' as const, infoVersion: '1.0.0' };

const created: OpenAPISpecEvent = {
  type: 'OpenAPISpecCreated',
  data: { organizationId: org, specId, slug: 'pets', source: url, request: 1 },
};
const started = (request = 1): OpenAPISpecEvent => ({
  type: 'OpenAPISpecProcessingStarted',
  data: { organizationId: org, specId, request },
});
const processed = (request = 1, newVersion = true, incarnation = 1): OpenAPISpecEvent => ({
  type: 'OpenAPISpecProcessed',
  data: {
    organizationId: org,
    specId,
    request,
    version: { ...version, versionId: versionIdOf(specId, incarnation, version.documentHash) },
    newVersion,
    sourceURL: url.url,
  },
});
const updated = (request: number): OpenAPISpecEvent => ({
  type: 'OpenAPISpecSourceUpdated',
  data: { organizationId: org, specId, source: url, request },
});
const deleted: OpenAPISpecEvent = { type: 'OpenAPISpecDeleted', data: { organizationId: org, specId } };

const create: OpenAPISpecCommand = { type: 'CreateOpenAPISpec', organizationId: org, specId, slug: 'pets', source: url };
const put: OpenAPISpecCommand = { ...create, type: 'CreateOrUpdateOpenAPISpec' };
const start: OpenAPISpecCommand = { type: 'StartOpenAPISpecProcessing', organizationId: org };
const record = (request = 1): OpenAPISpecCommand => ({
  type: 'RecordOpenAPISpecProcessed',
  organizationId: org,
  request,
  version,
  sourceURL: url.url,
});
const fail = (request = 1): OpenAPISpecCommand => ({
  type: 'RecordOpenAPISpecProcessingFailed',
  organizationId: org,
  request,
  errorCode: 'FETCH_TIMEOUT',
  message: 'slow',
});

const specs = deciderSpec(openAPISpecAggregate);

describe('OpenAPI spec aggregate', () => {
  it('derives one id per organization and slug', () => {
    expect(specIdOf(org, 'pets')).toBe(specId);
    expect(specIdOf('org2', 'pets')).not.toBe(specId);
    expect(specIdOf(org, 'cats')).not.toBe(specId);
  });

  it('creates a spec for writers; a taken slug is 409 on create and an update on PUT', () => {
    specs.given([]).when(create, writer).then([created]);
    specs.given([]).when(put, writer).then([created]);
    specs
      .given([])
      .when(create, reader)
      .thenFails('forbidden', /create role/);
    specs
      .given([created])
      .when(create, writer)
      .thenFails('conflict', /already exists/);
    specs
      .given([created, started(), processed()])
      .when(put, writer)
      .then([updated(2)]);
    specs
      .given([])
      .when({ ...create, slug: 'Bad_Slug' }, writer)
      .thenFails('invalid', /slug/);
  });

  it('does not set the same text again while it is still being processed', () => {
    const text = { textHash: 'c'.repeat(64) };
    const withText: OpenAPISpecEvent = {
      type: 'OpenAPISpecCreated',
      data: { organizationId: org, specId, slug: 'pets', source: text, request: 1 },
    };
    specs
      .given([withText])
      .when({ ...put, source: text }, writer)
      .thenNothing();
  });

  it('starts processing a pending spec, again one left in progress, and not a complete one', () => {
    specs.given([created]).when(start, writer).then([started()]);
    specs.given([created, started()]).when(start, writer).then([started()]);
    specs.given([created, started(), processed()]).when(start, writer).thenNothing();
    expect(specs.given([created, started()]).state().processingState).toBe('progress');
  });

  it('records a result for the request processed only', () => {
    specs.given([created, started()]).when(record(), writer).then([processed()]);
    specs
      .given([created, started()])
      .when(fail(), writer)
      .then([
        {
          type: 'OpenAPISpecProcessingFailed',
          data: { organizationId: org, specId, request: 1, errorCode: 'FETCH_TIMEOUT', message: 'slow' },
        },
      ]);
    // A new source arrived meanwhile: the old result is stale.
    specs
      .given([created, started(), updated(2)])
      .when(record(1), writer)
      .thenFails('conflict');
    specs.given([created]).when(record(), writer).thenFails('conflict');
  });

  it('keeps one version per distinct document (content-addressed)', () => {
    specs
      .given([created, started(), processed(), updated(2), started(2)])
      .when(record(2), writer)
      .then([processed(2, false)]);
  });

  it('deletes; a spec created again is a new incarnation with fresh version ids', () => {
    specs.given([created]).when({ type: 'DeleteOpenAPISpec', organizationId: org }, writer).then([deleted]);
    specs.given([created, deleted]).when({ type: 'DeleteOpenAPISpec', organizationId: org }, writer).thenFails('not_found');
    specs.given([created, deleted]).when(start, writer).thenFails('not_found');
    const again: OpenAPISpecEvent = { ...created, data: { ...created.data, request: 2 } } as OpenAPISpecEvent;
    specs.given([created, started(), processed(), deleted]).when(create, writer).then([again]);
    specs
      .given([created, started(), processed(), deleted, again, started(2)])
      .when(record(2), writer)
      .then([processed(2, true, 2)]);
  });

  it('keeps another organization out', () => {
    specs.given([created]).when({ type: 'DeleteOpenAPISpec', organizationId: 'org2' }, writer).thenFails('not_found');
  });
});
