import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BlobStore } from '@docs/platform';
import { OrganizationCommand } from '@docs/organizations';
import { OpenAPISpecsReadModel } from './openapi-specs.read-model';
import { OpenAPISpecWriter } from './openapi-spec-writer';
import { SourceInput, SpecView, writeSpecSource } from './openapi-spec-views';

export class CreateOpenAPISpec extends OrganizationCommand<{ slug: string; source: SourceInput }, SpecView> {}

/**
 * createOpenAPISpec (POST; 409 when the slug is taken in the organization): members with the
 * create role or more. The answer shows the spec as the write left it (`pending`): processing
 * runs in the background (OpenAPISpecProcessor).
 */
@CommandHandler(CreateOpenAPISpec)
export class CreateOpenAPISpecHandler implements ICommandHandler<CreateOpenAPISpec> {
  constructor(
    private readonly writer: OpenAPISpecWriter,
    private readonly read: OpenAPISpecsReadModel,
    private readonly blobs: BlobStore,
  ) {}

  execute({ props, scope }: CreateOpenAPISpec): Promise<SpecView> {
    return writeSpecSource({ writer: this.writer, read: this.read, blobs: this.blobs }, 'CreateOpenAPISpec', props, scope);
  }
}
