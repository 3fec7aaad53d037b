import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '@docs/platform';
import { SamlCommands } from './saml-commands';

export class DeleteSamlProvider extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly samlProviderId: string,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** DELETE /v1/orgs/{organizationId}/saml/{samlProviderId}: admins only. */
@CommandHandler(DeleteSamlProvider)
export class DeleteSamlProviderHandler implements ICommandHandler<DeleteSamlProvider> {
  constructor(private readonly saml: SamlCommands) {}

  async execute({ organizationId, samlProviderId, ctx }: DeleteSamlProvider): Promise<void> {
    await this.saml.run(samlProviderId, { type: 'DeleteSAMLProvider', organizationId }, undefined, ctx);
  }
}
