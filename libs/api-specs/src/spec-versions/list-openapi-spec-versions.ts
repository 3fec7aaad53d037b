import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationQuery } from '@docs/organizations';
import { specIdOf } from '../openapi-specs/openapi-spec.decider';
import { OpenAPISpecDoc, OpenAPISpecsReadModel, OpenAPISpecVersionDoc } from '../openapi-specs/openapi-specs.read-model';
import { requireSpecReader } from '../openapi-specs/spec-access';

export class ListOpenAPISpecVersions extends OrganizationQuery<
  { slug: string; page: Page },
  { spec: OpenAPISpecDoc; result: FindResult<OpenAPISpecVersionDoc> }
> {}

/** listOpenAPISpecVersions: members with a role; newest first. */
@QueryHandler(ListOpenAPISpecVersions)
export class ListOpenAPISpecVersionsHandler implements IQueryHandler<ListOpenAPISpecVersions> {
  constructor(private readonly read: OpenAPISpecsReadModel) {}

  async execute({ props: { slug, page }, scope }: ListOpenAPISpecVersions) {
    await requireSpecReader(scope);
    const spec = await this.read.get(scope.organizationId, specIdOf(scope.organizationId, slug));
    return { spec, result: await this.read.versions.list(spec.id, page) };
  }
}
