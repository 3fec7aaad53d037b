import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationQuery } from '@docs/organizations';
import { OpenAPISpecDoc, OpenAPISpecsReadModel } from './openapi-specs.read-model';
import { requireSpecReader, SpecAccess } from './spec-access';

export class ListOpenAPISpecs extends OrganizationQuery<{ page: Page }, { result: FindResult<OpenAPISpecDoc>; access: SpecAccess }> {}

/** listOpenAPISpecs: members with a role; oldest first. */
@QueryHandler(ListOpenAPISpecs)
export class ListOpenAPISpecsHandler implements IQueryHandler<ListOpenAPISpecs> {
  constructor(private readonly read: OpenAPISpecsReadModel) {}

  async execute({ props: { page }, scope }: ListOpenAPISpecs) {
    const access = await requireSpecReader(scope);
    return { result: await this.read.list(scope.organizationId, page), access };
  }
}
