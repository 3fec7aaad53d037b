import { Injectable } from '@nestjs/common';
import { BlobStore, notFound } from '@docs/platform';
import { OrganizationCommand, OrganizationQuery, OrganizationScope } from '@docs/organizations';
import { OpenAPISpecSource, specIdOf } from './openapi-spec.decider';
import { OpenAPISpecDoc, OpenAPISpecsReadModel, OpenAPISpecVersionDoc } from './openapi-specs.read-model';
import { requireSpecReader, SpecAccess } from './spec-access';
import { OpenAPISpecWriter } from './openapi-spec-writer';

/** A source as a request gives it: a URL, or the document's text. */
export type SourceInput = { url: string } | { text: string };

/** A spec as the caller sees it: the document and what they may do with it. */
export interface SpecView {
  doc: OpenAPISpecDoc;
  access: SpecAccess;
}

/** `latest`: the version the spec's last successful processing produced. */
export type VersionRef = { versionId: string } | 'latest';

export interface VersionView {
  spec: OpenAPISpecDoc;
  version: OpenAPISpecVersionDoc;
}

/** The source as events keep it: text goes to the blob store, and the event carries its hash. */
export async function sourceOf(blobs: BlobStore, input: SourceInput): Promise<OpenAPISpecSource> {
  if ('url' in input) return { url: input.url };
  return { textHash: (await blobs.put(Buffer.from(input.text, 'utf8'))).hash };
}

/** A command giving a spec its source, by slug. */
export abstract class SpecSourceCommand extends OrganizationCommand<{ slug: string; source: SourceInput }, SpecView> {}

/**
 * The handler of a command giving a spec its source: the spec's writer runs `command` (creating the
 * spec, or creating it or giving it a new source); members with the create role or more. The
 * answer shows the spec as the write left it (`pending`): processing runs in the background
 * (OpenAPISpecProcessor).
 */
@Injectable()
export abstract class SpecSourceHandler {
  protected abstract readonly command: 'CreateOpenAPISpec' | 'CreateOrUpdateOpenAPISpec';

  constructor(
    private readonly writer: OpenAPISpecWriter,
    private readonly read: OpenAPISpecsReadModel,
    private readonly blobs: BlobStore,
  ) {}

  async execute({ props: { slug, source }, scope }: SpecSourceCommand): Promise<SpecView> {
    const access = await requireSpecReader(scope);
    const specId = specIdOf(scope.organizationId, slug);
    const outcome = await this.writer.execute(
      specId,
      { type: this.command, organizationId: scope.organizationId, specId, slug, source: await sourceOf(this.blobs, source) },
      scope,
    );
    const doc = await this.read.get(scope.organizationId, specId);
    return { doc: { ...doc, processingState: outcome.state.processingState ?? doc.processingState }, access };
  }
}

/** A query about one version of a spec. */
export abstract class VersionQuery<R> extends OrganizationQuery<{ slug: string; ref: VersionRef }, R> {}

/** The version reads share: the caller may read, the spec, the version (404s), and blobs by hash. */
@Injectable()
export class VersionReads {
  constructor(
    private readonly read: OpenAPISpecsReadModel,
    private readonly blobs: BlobStore,
  ) {}

  async find(scope: OrganizationScope, slug: string, ref: VersionRef): Promise<VersionView> {
    await requireSpecReader(scope);
    const spec = await this.read.get(scope.organizationId, specIdOf(scope.organizationId, slug));
    const versionId = ref === 'latest' ? spec.lastVersionId : ref.versionId;
    if (!versionId) throw notFound('the OpenAPI specification has no version yet');
    return { spec, version: await this.read.versions.get(spec.id, versionId) };
  }

  async bytes(hash: string): Promise<Buffer> {
    const bytes = await this.blobs.get(hash);
    if (!bytes) throw notFound('the content of this OpenAPI specification version is missing');
    return bytes;
  }
}
