import { defineReadModel, Doc, FindResult, OwnedDocs, Page, ReadModels, Sort, Provided } from '@docs/platform/projections';
import { DocumentFormat, OpenAPISpecSource, ProcessErrorCode, ProcessingState } from './openapi-spec.decider';

/** The api-specs read model: organizations' OpenAPI specifications and their versions. */

export interface OpenAPISpecDoc extends Doc {
  organizationId: string;
  slug: string;
  source: OpenAPISpecSource;
  processingState: ProcessingState;
  createdAt: string;
  updatedAt: string;
  lastVersion?: string;
  lastVersionId?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: ProcessErrorCode;
  lastProcessError?: string;
}

export interface OpenAPISpecVersionDoc extends Doc {
  organizationId: string;
  specId: string;
  documentHash: string;
  rawHash: string;
  format: DocumentFormat;
  infoVersion: string;
  /** The URL it was fetched from (none for text). */
  sourceURL?: string;
  createdAt: string;
}

// GET .../openapi: by organization, oldest first; the processor's queue: by processing state.
export const OPENAPI_SPECS = defineReadModel<OpenAPISpecDoc>({
  name: 'openapi_specs',
  lists: [['organizationId', 'createdAt']],
  indexes: [['processingState', 'updatedAt']],
});

// GET .../versions: by spec, oldest first.
export const OPENAPI_SPEC_VERSIONS = defineReadModel<OpenAPISpecVersionDoc>({
  name: 'openapi_spec_versions',
  lists: [['specId', 'createdAt']],
});

const NEWEST_FIRST: Sort = { field: 'createdAt', direction: 'desc' };

/** An organization's specs (`get` one, 404 unless the organization's; `list` them, oldest first), and their versions. */
@Provided()
export class OpenAPISpecsReadModel extends OwnedDocs<OpenAPISpecDoc, 'organizationId'> {
  /** A spec's versions, newest first. */
  readonly versions: OwnedDocs<OpenAPISpecVersionDoc, 'specId'>;

  constructor(readModels: ReadModels) {
    super(readModels, OPENAPI_SPECS, 'organizationId', 'OpenAPI specification not found');
    this.versions = new OwnedDocs(readModels, OPENAPI_SPEC_VERSIONS, 'specId', 'OpenAPI specification version not found', NEWEST_FIRST);
  }

  /** Specs waiting for processing, or left in progress: the processor's queue. */
  unprocessed(page: Page): Promise<FindResult<OpenAPISpecDoc>> {
    return this.readModels.find(OPENAPI_SPECS, {
      where: [{ field: 'processingState', op: 'in', values: ['pending', 'progress'] }],
      sort: { field: 'updatedAt', direction: 'asc' },
      ...page,
    });
  }
}
