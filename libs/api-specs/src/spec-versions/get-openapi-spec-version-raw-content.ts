import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { VersionQuery, VersionReads, VersionView } from '../openapi-specs/openapi-spec-views';

export interface VersionRawContent extends VersionView {
  text: string;
}

export class GetOpenAPISpecVersionRawContent extends VersionQuery<VersionRawContent> {}

/** getLatestOpenAPISpecVersionContentRaw: the text exactly as fetched or given. */
@QueryHandler(GetOpenAPISpecVersionRawContent)
export class GetOpenAPISpecVersionRawContentHandler implements IQueryHandler<GetOpenAPISpecVersionRawContent> {
  constructor(private readonly versions: VersionReads) {}

  async execute({ props: { slug, ref }, scope }: GetOpenAPISpecVersionRawContent): Promise<VersionRawContent> {
    const view = await this.versions.find(scope, slug, ref);
    return { ...view, text: (await this.versions.bytes(view.version.rawHash)).toString('utf8') };
  }
}
