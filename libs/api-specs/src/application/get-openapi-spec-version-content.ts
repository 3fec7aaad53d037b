import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { dereference } from './openapi-document';
import { VersionQuery, VersionReads, VersionView } from './openapi-spec-views';

export interface VersionContent extends VersionView {
  /** The document with its local references resolved. */
  document: Record<string, unknown>;
}

export class GetOpenAPISpecVersionContent extends VersionQuery<VersionContent> {}

/** getOpenAPISpecVersionContentById and getLatestOpenAPISpecVersionContent: the parsed document, dereferenced. */
@QueryHandler(GetOpenAPISpecVersionContent)
export class GetOpenAPISpecVersionContentHandler implements IQueryHandler<GetOpenAPISpecVersionContent> {
  constructor(private readonly versions: VersionReads) {}

  async execute({ props: { slug, ref }, scope }: GetOpenAPISpecVersionContent): Promise<VersionContent> {
    const view = await this.versions.find(scope, slug, ref);
    const document = JSON.parse((await this.versions.bytes(view.version.documentHash)).toString('utf8')) as Record<string, unknown>;
    return { ...view, document: dereference(document) };
  }
}
