import { Aggregate, conflict, DomainEvent, forbidden, idFromSeed, invalid, notFound, Recorded, Role } from '@docs/kernel';
import { specPermissions } from './openapi-specs.policy';

/** The seed's slug: 1 to 100 lower-case letters and digits in dash-separated words. */
export const SPEC_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SPEC_SLUG_MAX = 100;

/** Where a spec's document comes from: a URL fetched through the outbound guard, or text (kept as a blob, by hash). */
export type OpenAPISpecSource = { url: string } | { textHash: string };
export type ProcessingState = 'pending' | 'progress' | 'complete';
export type ProcessErrorCode = 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';
export type DocumentFormat = 'json' | 'yaml';

/** A stored version: the parsed document (canonical JSON) and the raw text, both blobs, by hash. */
export interface StoredVersion {
  versionId: string;
  documentHash: string;
  rawHash: string;
  format: DocumentFormat;
  /** The document's `info.version`. */
  infoVersion: string;
}

export type OpenAPISpecCreated = DomainEvent<
  'OpenAPISpecCreated',
  { organizationId: string; specId: string; slug: string; source: OpenAPISpecSource; request: number }
>;
export type OpenAPISpecSourceUpdated = DomainEvent<
  'OpenAPISpecSourceUpdated',
  { organizationId: string; specId: string; source: OpenAPISpecSource; request: number }
>;
export type OpenAPISpecProcessingStarted = DomainEvent<
  'OpenAPISpecProcessingStarted',
  { organizationId: string; specId: string; request: number }
>;
export type OpenAPISpecProcessed = DomainEvent<
  'OpenAPISpecProcessed',
  { organizationId: string; specId: string; request: number; version: StoredVersion; newVersion: boolean; sourceURL?: string }
>;
export type OpenAPISpecProcessingFailed = DomainEvent<
  'OpenAPISpecProcessingFailed',
  { organizationId: string; specId: string; request: number; errorCode: ProcessErrorCode; message: string }
>;
export type OpenAPISpecDeleted = DomainEvent<'OpenAPISpecDeleted', { organizationId: string; specId: string }>;

export type OpenAPISpecEvent =
  | OpenAPISpecCreated
  | OpenAPISpecSourceUpdated
  | OpenAPISpecProcessingStarted
  | OpenAPISpecProcessed
  | OpenAPISpecProcessingFailed
  | OpenAPISpecDeleted;

export interface OpenAPISpecState {
  status: 'none' | 'active' | 'deleted';
  organizationId?: string;
  slug?: string;
  source?: OpenAPISpecSource;
  /** Counts the sources set since the stream began: processing results name the request they answer. */
  request: number;
  processingState?: ProcessingState;
  /** Document hashes of this incarnation's versions, by hash: identical documents share a version. */
  versions: Record<string, string>;
  /** How many times the spec was (re)created in this stream: version ids differ between incarnations. */
  incarnation: number;
}

/** Who writes: a member with their organization role (null: a guest), as the specs policy judges it, or the system's processor. */
export type OpenAPISpecFacts = { role: Role | null } | { system: true };

export type OpenAPISpecCommand =
  | { type: 'CreateOpenAPISpec'; organizationId: string; specId: string; slug: string; source: OpenAPISpecSource }
  | { type: 'CreateOrUpdateOpenAPISpec'; organizationId: string; specId: string; slug: string; source: OpenAPISpecSource }
  | { type: 'DeleteOpenAPISpec'; organizationId: string }
  | { type: 'StartOpenAPISpecProcessing'; organizationId: string }
  | {
      type: 'RecordOpenAPISpecProcessed';
      organizationId: string;
      request: number;
      version: Omit<StoredVersion, 'versionId'>;
      sourceURL?: string;
    }
  | { type: 'RecordOpenAPISpecProcessingFailed'; organizationId: string; request: number; errorCode: ProcessErrorCode; message: string };

/** A spec's id: one per organization and slug, so the stream itself keeps slugs unique (no claim to race on). */
export const specIdOf = (organizationId: string, slug: string): string => idFromSeed(`openapi-spec:${organizationId}:${slug}`);

/** A version's id: one per spec incarnation and document. */
export const versionIdOf = (specId: string, incarnation: number, documentHash: string): string =>
  idFromSeed(`openapi-spec-version:${specId}:${incarnation}:${documentHash}`);

export const initialOpenAPISpecState = (): OpenAPISpecState => ({ status: 'none', request: 0, versions: {}, incarnation: 0 });

export function evolveOpenAPISpec(state: OpenAPISpecState, event: Recorded<OpenAPISpecEvent>): OpenAPISpecState {
  switch (event.type) {
    case 'OpenAPISpecCreated': {
      const { organizationId, slug, source, request } = event.data;
      return {
        status: 'active',
        organizationId,
        slug,
        source,
        request,
        processingState: 'pending',
        versions: {},
        incarnation: state.incarnation + 1,
      };
    }
    case 'OpenAPISpecSourceUpdated':
      return { ...state, source: event.data.source, request: event.data.request, processingState: 'pending' };
    case 'OpenAPISpecProcessingStarted':
      return { ...state, processingState: 'progress' };
    case 'OpenAPISpecProcessed': {
      const { version } = event.data;
      return { ...state, processingState: 'complete', versions: { ...state.versions, [version.documentHash]: version.versionId } };
    }
    case 'OpenAPISpecProcessingFailed':
      return { ...state, processingState: 'complete' };
    case 'OpenAPISpecDeleted':
      return { ...state, status: 'deleted', versions: {} };
  }
}

const sameSource = (a: OpenAPISpecSource | undefined, b: OpenAPISpecSource) =>
  a !== undefined && ('url' in a ? 'url' in b && a.url === b.url : 'textHash' in b && a.textHash === b.textHash);

export function decideOpenAPISpec(state: OpenAPISpecState, command: OpenAPISpecCommand, facts: OpenAPISpecFacts): OpenAPISpecEvent[] {
  const { organizationId } = command;
  if (!('system' in facts) && !specPermissions(facts.role).edit)
    throw forbidden('only organization admins and members with the create role can change OpenAPI specifications');
  const active = state.status === 'active' && state.organizationId === organizationId;
  switch (command.type) {
    case 'CreateOpenAPISpec':
    case 'CreateOrUpdateOpenAPISpec': {
      const { specId, slug, source } = command;
      if (slug.length > SPEC_SLUG_MAX || !SPEC_SLUG.test(slug))
        throw invalid(`slug must be 1 to ${SPEC_SLUG_MAX} lower-case letters, digits and single dashes`);
      const request = state.request + 1;
      if (!active) return [{ type: 'OpenAPISpecCreated', data: { organizationId, specId, slug, source, request } }];
      if (command.type === 'CreateOpenAPISpec') throw conflict(`an OpenAPI specification with slug ${slug} already exists`);
      // The same URL again is fetched again (the document behind it may have changed); the same text is not.
      if ('textHash' in source && sameSource(state.source, source) && state.processingState !== 'complete') return [];
      return [{ type: 'OpenAPISpecSourceUpdated', data: { organizationId, specId, source, request } }];
    }
    case 'DeleteOpenAPISpec':
      if (!active) throw notFound('OpenAPI specification not found');
      return [{ type: 'OpenAPISpecDeleted', data: { organizationId, specId: specIdOf(organizationId, state.slug!) } }];
  }
  if (!active) throw notFound('OpenAPI specification not found');
  const specId = specIdOf(organizationId, state.slug!);
  switch (command.type) {
    case 'StartOpenAPISpecProcessing':
      // Pending, or left in progress by a process that stopped: (re)start; complete: nothing to do.
      if (state.processingState === 'complete') return [];
      return [{ type: 'OpenAPISpecProcessingStarted', data: { organizationId, specId, request: state.request } }];
    case 'RecordOpenAPISpecProcessed': {
      if (command.request !== state.request || state.processingState !== 'progress')
        throw conflict('the specification changed while it was processed');
      const known = state.versions[command.version.documentHash];
      const version = { ...command.version, versionId: known ?? versionIdOf(specId, state.incarnation, command.version.documentHash) };
      return [
        {
          type: 'OpenAPISpecProcessed',
          data: {
            organizationId,
            specId,
            request: command.request,
            version,
            newVersion: known === undefined,
            ...(command.sourceURL ? { sourceURL: command.sourceURL } : {}),
          },
        },
      ];
    }
    case 'RecordOpenAPISpecProcessingFailed':
      if (command.request !== state.request || state.processingState !== 'progress')
        throw conflict('the specification changed while it was processed');
      return [
        {
          type: 'OpenAPISpecProcessingFailed',
          data: { organizationId, specId, request: command.request, errorCode: command.errorCode, message: command.message },
        },
      ];
  }
}

/** An organization's OpenAPI specification, in stream `openAPISpec-<specId>` (the id derives from organization and slug). */
export const openAPISpecAggregate: Aggregate<OpenAPISpecState, OpenAPISpecCommand, OpenAPISpecEvent, OpenAPISpecFacts> = {
  category: 'openAPISpec',
  initialState: initialOpenAPISpecState,
  evolve: evolveOpenAPISpec,
  decide: decideOpenAPISpec,
  schemaVersions: {
    OpenAPISpecCreated: 1,
    OpenAPISpecSourceUpdated: 1,
    OpenAPISpecProcessingStarted: 1,
    OpenAPISpecProcessed: 1,
    OpenAPISpecProcessingFailed: 1,
    OpenAPISpecDeleted: 1,
  },
};
