import { defineReadModel, Doc, FindResult, found, OLDEST_FIRST, Page, ReadModels, Sort, Provided } from '@docs/platform/projections';
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
  indexes: [
    ['organizationId', 'createdAt'],
    ['processingState', 'updatedAt'],
  ],
  counts: [['organizationId']],
});

// GET .../versions: by spec, oldest first.
export const OPENAPI_SPEC_VERSIONS = defineReadModel<OpenAPISpecVersionDoc>({
  name: 'openapi_spec_versions',
  indexes: [['specId', 'createdAt']],
  counts: [['specId']],
});

const NEWEST_FIRST: Sort = { field: 'createdAt', direction: 'desc' };

@Provided()
export class OpenAPISpecsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  async spec(organizationId: string, specId: string): Promise<OpenAPISpecDoc> {
    return found(await this.readModels.getIn(OPENAPI_SPECS, specId, 'organizationId', organizationId), 'OpenAPI specification not found');
  }

  list(organizationId: string, page: Page): Promise<FindResult<OpenAPISpecDoc>> {
    return this.readModels.findIn(OPENAPI_SPECS, 'organizationId', organizationId, OLDEST_FIRST, page);
  }

  /** Specs waiting for processing, or left in progress: the processor's queue. */
  unprocessed(page: Page): Promise<FindResult<OpenAPISpecDoc>> {
    return this.readModels.find(OPENAPI_SPECS, {
      where: [{ field: 'processingState', op: 'in', values: ['pending', 'progress'] }],
      sort: { field: 'updatedAt', direction: 'asc' },
      ...page,
    });
  }

  versions(specId: string, page: Page): Promise<FindResult<OpenAPISpecVersionDoc>> {
    return this.readModels.findIn(OPENAPI_SPEC_VERSIONS, 'specId', specId, NEWEST_FIRST, page);
  }

  async version(specId: string, versionId: string): Promise<OpenAPISpecVersionDoc> {
    return found(
      await this.readModels.getIn(OPENAPI_SPEC_VERSIONS, versionId, 'specId', specId),
      'OpenAPI specification version not found',
    );
  }
}
