import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SpecSourceCommand, SpecSourceHandler } from './openapi-spec-views';

export class CreateOrUpdateOpenAPISpec extends SpecSourceCommand {}

/**
 * createOrUpdateOpenAPISpecBySlug (PUT): creates the spec, or gives it a new source to process
 * (the same text while it is still being processed changes nothing).
 */
@CommandHandler(CreateOrUpdateOpenAPISpec)
export class CreateOrUpdateOpenAPISpecHandler extends SpecSourceHandler implements ICommandHandler<CreateOrUpdateOpenAPISpec> {
  protected readonly command = 'CreateOrUpdateOpenAPISpec';
}
