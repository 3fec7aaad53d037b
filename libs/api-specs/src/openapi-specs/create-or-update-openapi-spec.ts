import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BlobStore } from '@docs/platform';
import { OrganizationCommand } from '@docs/organizations';
import { OpenAPISpecsReadModel } from './openapi-specs.read-model';
import { OpenAPISpecWriter } from './openapi-spec-writer';
import { SourceInput, SpecView, writeSpecSource } from './openapi-spec-views';

export class CreateOrUpdateOpenAPISpec extends OrganizationCommand<{ slug: string; source: SourceInput }, SpecView> {}

/**
 * createOrUpdateOpenAPISpecBySlug (PUT): creates the spec, or gives it a new source to process
 * (the same text while it is still being processed changes nothing); members with the create role
 * or more. The answer shows the spec as the write left it.
 */
@CommandHandler(CreateOrUpdateOpenAPISpec)
export class CreateOrUpdateOpenAPISpecHandler implements ICommandHandler<CreateOrUpdateOpenAPISpec> {
  constructor(
    private readonly writer: OpenAPISpecWriter,
    private readonly read: OpenAPISpecsReadModel,
    private readonly blobs: BlobStore,
  ) {}

  execute({ props, scope }: CreateOrUpdateOpenAPISpec): Promise<SpecView> {
    return writeSpecSource({ writer: this.writer, read: this.read, blobs: this.blobs }, 'CreateOrUpdateOpenAPISpec', props, scope);
  }
}
