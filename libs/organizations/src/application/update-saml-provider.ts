import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '@docs/platform';
import { SamlProviderChanges } from '../domain/saml';
import { SamlProviderDoc } from '../projections/saml.projection';
import { SamlCommands, SamlReadAccess } from './saml-commands';

export class UpdateSamlProvider extends Command<SamlProviderDoc> {
  constructor(
    readonly organizationId: string,
    readonly samlProviderId: string,
    readonly changes: SamlProviderChanges,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** PATCH /v1/orgs/{organizationId}/saml/{samlProviderId}: admins only; omitted fields stay. */
@CommandHandler(UpdateSamlProvider)
export class UpdateSamlProviderHandler implements ICommandHandler<UpdateSamlProvider> {
  constructor(
    private readonly saml: SamlCommands,
    private readonly reads: SamlReadAccess,
  ) {}

  async execute({ organizationId, samlProviderId, changes, ctx }: UpdateSamlProvider): Promise<SamlProviderDoc> {
    await this.saml.run(samlProviderId, { type: 'UpdateSAMLProvider', organizationId, changes }, changes.defaultTeam, ctx);
    return this.reads.requireProvider(organizationId, samlProviderId);
  }
}
