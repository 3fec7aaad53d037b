import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, idFromSeed, newId } from '@docs/platform';
import { TranslationSettingsDoc } from '../projections/translations.projection';
import { TranslationCommands, TranslationReadAccess } from './translation-commands';

export class CreateTranslationSettings extends Command<TranslationSettingsDoc> {
  constructor(
    readonly organizationId: string,
    readonly title: string,
    readonly languages: string[],
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** POST /v1/orgs/{organizationId}/translations: admins only. */
@CommandHandler(CreateTranslationSettings)
export class CreateTranslationSettingsHandler implements ICommandHandler<CreateTranslationSettings> {
  constructor(
    private readonly translations: TranslationCommands,
    private readonly reads: TranslationReadAccess,
  ) {}

  async execute({ organizationId, title, languages, ctx }: CreateTranslationSettings): Promise<TranslationSettingsDoc> {
    const id = ctx.idempotencyKey ? idFromSeed(`translation:${organizationId}:${ctx.actor}:${ctx.idempotencyKey}`) : newId();
    await this.translations.run(id, { type: 'CreateTranslationSettings', organizationId, translationSettingsId: id, title, languages }, ctx);
    return this.reads.requireSettings(organizationId, id);
  }
}
