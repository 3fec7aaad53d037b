import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { OrganizationQuery } from '@docs/organizations';
import { specIdOf } from '../domain/openapi-spec';
import { OpenAPISpecsReadModel } from '../projections/openapi-specs.read-model';
import { requireSpecReader } from './access';
import { SpecView } from './openapi-spec-views';

export class GetOpenAPISpec extends OrganizationQuery<{ slug: string }, SpecView> {}

/** getOpenAPISpecBySlug: members with a role. */
@QueryHandler(GetOpenAPISpec)
export class GetOpenAPISpecHandler implements IQueryHandler<GetOpenAPISpec> {
  constructor(private readonly read: OpenAPISpecsReadModel) {}

  async execute({ props: { slug }, scope }: GetOpenAPISpec): Promise<SpecView> {
    const access = await requireSpecReader(scope);
    return { doc: await this.read.spec(scope.organizationId, specIdOf(scope.organizationId, slug)), access };
  }
}
