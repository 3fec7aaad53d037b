import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Lru, WorkPool } from '@docs/platform';
import { VersionQuery, VersionReads, VersionView } from '../openapi-specs/openapi-spec-views';

export interface VersionContent extends VersionView {
  /** The document with its local references resolved, as JSON text. */
  documentJson: string;
}

export class GetOpenAPISpecVersionContent extends VersionQuery<VersionContent> {}

const DEREFERENCE_TASK = require.resolve('../processing/openapi-processing.task');
/** Time one dereferencing may take in its work thread. */
const DEREFERENCE_BUDGET_MS = 20_000;
/** Dereferenced documents kept, and the largest kept: at most 8 × 8 MiB of text. */
const CACHED_DOCUMENTS = 8;
const CACHED_DOCUMENT_CHARS = 8 * 1024 * 1024;

/** Dereferenced documents by the hash of their canonical JSON: a version's content never changes. */
@Injectable()
export class DereferencedDocuments {
  private readonly cache = new Lru<string>(CACHED_DOCUMENTS);

  constructor(
    private readonly versions: VersionReads,
    private readonly work: WorkPool,
  ) {}

  async get(documentHash: string, organizationId: string): Promise<string> {
    const cached = this.cache.get(documentHash);
    if (cached !== undefined) return cached;
    const canonical = (await this.versions.bytes(documentHash)).toString('utf8');
    const text = await this.work.run<string>(DEREFERENCE_TASK, 'dereferenceDocumentText', canonical, {
      budgetMs: DEREFERENCE_BUDGET_MS,
      key: organizationId,
    });
    if (text.length <= CACHED_DOCUMENT_CHARS) this.cache.set(documentHash, text);
    return text;
  }
}

/**
 * getOpenAPISpecVersionContentById and getLatestOpenAPISpecVersionContent: the parsed document,
 * dereferenced in a work thread (docs/api-specs-design.md, "Bounded work") and kept by hash.
 */
@QueryHandler(GetOpenAPISpecVersionContent)
export class GetOpenAPISpecVersionContentHandler implements IQueryHandler<GetOpenAPISpecVersionContent> {
  constructor(
    private readonly versions: VersionReads,
    private readonly documents: DereferencedDocuments,
  ) {}

  async execute({ props: { slug, ref }, scope }: GetOpenAPISpecVersionContent): Promise<VersionContent> {
    const view = await this.versions.find(scope, slug, ref);
    return { ...view, documentJson: await this.documents.get(view.version.documentHash, scope.organizationId) };
  }
}
