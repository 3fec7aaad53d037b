import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationScope } from './organization-scope';
import { SamlWriter } from './saml-writer';

export class DeleteSamlProvider extends Command<void> {
  constructor(
    readonly props: { samlProviderId: string },
    readonly scope: OrganizationScope,
  ) {
    super();
  }
}

/** DELETE /v1/orgs/{organizationId}/saml/{samlProviderId}: admins only. */
@CommandHandler(DeleteSamlProvider)
export class DeleteSamlProviderHandler implements ICommandHandler<DeleteSamlProvider> {
  constructor(private readonly saml: SamlWriter) {}

  async execute({ props: { samlProviderId }, scope }: DeleteSamlProvider): Promise<void> {
    await this.saml.execute(samlProviderId, { type: 'DeleteSamlProvider', organizationId: scope.organizationId }, scope);
  }
}
