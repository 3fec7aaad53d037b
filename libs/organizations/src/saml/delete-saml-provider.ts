import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationCommand } from '../shared/organization-scope';
import { SamlWriter } from './saml-writer';

export class DeleteSamlProvider extends OrganizationCommand<{ samlProviderId: string }> {}

/** DELETE /v1/orgs/{organizationId}/saml/{samlProviderId}: admins only. */
@CommandHandler(DeleteSamlProvider)
export class DeleteSamlProviderHandler implements ICommandHandler<DeleteSamlProvider> {
  constructor(private readonly saml: SamlWriter) {}

  async execute({ props: { samlProviderId }, scope }: DeleteSamlProvider): Promise<void> {
    await this.saml.executeIn(samlProviderId, { type: 'DeleteSamlProvider' }, scope);
  }
}
