import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { OrganizationQuery } from '@docs/organizations';
import { specIdOf } from './openapi-spec.decider';
import { OpenAPISpecsReadModel } from './openapi-specs.read-model';
import { requireSpecReader } from './spec-access';
import { SpecView } from './openapi-spec-views';

export class GetOpenAPISpec extends OrganizationQuery<{ slug: string }, SpecView> {}

/** getOpenAPISpecBySlug: members with a role. */
@QueryHandler(GetOpenAPISpec)
export class GetOpenAPISpecHandler implements IQueryHandler<GetOpenAPISpec> {
  constructor(private readonly read: OpenAPISpecsReadModel) {}

  async execute({ props: { slug }, scope }: GetOpenAPISpec): Promise<SpecView> {
    const access = await requireSpecReader(scope);
    return { doc: await this.read.get(scope.organizationId, specIdOf(scope.organizationId, slug)), access };
  }
}
