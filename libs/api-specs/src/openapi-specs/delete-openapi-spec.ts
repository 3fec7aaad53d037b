import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationCommand } from '@docs/organizations';
import { specIdOf } from './openapi-spec.decider';
import { requireSpecReader } from './spec-access';
import { OpenAPISpecWriter } from './openapi-spec-writer';

export class DeleteOpenAPISpec extends OrganizationCommand<{ slug: string }> {}

/** deleteOpenAPISpecBySlug: members with the create role or more; the versions go with it. */
@CommandHandler(DeleteOpenAPISpec)
export class DeleteOpenAPISpecHandler implements ICommandHandler<DeleteOpenAPISpec> {
  constructor(private readonly writer: OpenAPISpecWriter) {}

  async execute({ props: { slug }, scope }: DeleteOpenAPISpec): Promise<void> {
    await requireSpecReader(scope);
    await this.writer.execute(
      specIdOf(scope.organizationId, slug),
      { type: 'DeleteOpenAPISpec', organizationId: scope.organizationId },
      scope,
    );
  }
}
