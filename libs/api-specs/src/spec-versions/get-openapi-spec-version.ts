import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { VersionQuery, VersionReads, VersionView } from '../openapi-specs/openapi-spec-views';

export class GetOpenAPISpecVersion extends VersionQuery<VersionView> {}

/** getOpenAPISpecVersionById and getLatestOpenAPISpecVersion: members with a role. */
@QueryHandler(GetOpenAPISpecVersion)
export class GetOpenAPISpecVersionHandler implements IQueryHandler<GetOpenAPISpecVersion> {
  constructor(private readonly versions: VersionReads) {}

  execute({ props: { slug, ref }, scope }: GetOpenAPISpecVersion): Promise<VersionView> {
    return this.versions.find(scope, slug, ref);
  }
}
