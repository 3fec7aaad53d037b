import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SpecSourceCommand, SpecSourceHandler } from './openapi-spec-views';

export class CreateOpenAPISpec extends SpecSourceCommand {}

/** createOpenAPISpec (POST; 409 when the slug is taken in the organization). */
@CommandHandler(CreateOpenAPISpec)
export class CreateOpenAPISpecHandler extends SpecSourceHandler implements ICommandHandler<CreateOpenAPISpec> {
  protected readonly command = 'CreateOpenAPISpec';
}
