import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, idFromSeed, newId } from '@docs/platform';
import { SamlProviderSettings } from '../domain/saml';
import { SamlProviderDoc } from '../projections/saml.projection';
import { SamlCommands, SamlReadAccess } from './saml-commands';

export class CreateSamlProvider extends Command<SamlProviderDoc> {
  constructor(
    readonly organizationId: string,
    readonly settings: SamlProviderSettings,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** POST /v1/orgs/{organizationId}/saml: admins only; `defaultTeam` must be a team of the organization. */
@CommandHandler(CreateSamlProvider)
export class CreateSamlProviderHandler implements ICommandHandler<CreateSamlProvider> {
  constructor(
    private readonly saml: SamlCommands,
    private readonly reads: SamlReadAccess,
  ) {}

  async execute({ organizationId, settings, ctx }: CreateSamlProvider): Promise<SamlProviderDoc> {
    const samlProviderId = ctx.idempotencyKey ? idFromSeed(`saml:${organizationId}:${ctx.actor}:${ctx.idempotencyKey}`) : newId();
    await this.saml.run(samlProviderId, { type: 'CreateSAMLProvider', organizationId, samlProviderId, settings }, settings.defaultTeam, ctx);
    return this.reads.requireProvider(organizationId, samlProviderId);
  }
}
