import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CallerQuery } from '@docs/platform';
import { IntegrationView, IntegrationViews } from './integration-views';

export class GetIntegration extends CallerQuery<{ name: string }, IntegrationView> {}

/** getIntegrationByName: public and unlisted ones for anyone authenticated, private ones for the owner's members. */
@QueryHandler(GetIntegration)
export class GetIntegrationHandler implements IQueryHandler<GetIntegration> {
  constructor(private readonly views: IntegrationViews) {}

  execute({ props: { name }, caller }: GetIntegration): Promise<IntegrationView> {
    return this.views.visible(name, caller.userId);
  }
}
