import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '@docs/platform';
import { TranslationSettingsChanges } from '../domain/translation';
import { TranslationSettingsDoc } from '../projections/translations.projection';
import { TranslationCommands, TranslationReadAccess } from './translation-commands';

export class UpdateTranslationSettings extends Command<TranslationSettingsDoc> {
  constructor(
    readonly organizationId: string,
    readonly translationSettingsId: string,
    readonly changes: TranslationSettingsChanges,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** PUT /v1/orgs/{organizationId}/translations/{translationSettingsId}: admins only. */
@CommandHandler(UpdateTranslationSettings)
export class UpdateTranslationSettingsHandler implements ICommandHandler<UpdateTranslationSettings> {
  constructor(
    private readonly translations: TranslationCommands,
    private readonly reads: TranslationReadAccess,
  ) {}

  async execute({ organizationId, translationSettingsId, changes, ctx }: UpdateTranslationSettings): Promise<TranslationSettingsDoc> {
    await this.translations.run(translationSettingsId, { type: 'UpdateTranslationSettings', organizationId, changes }, ctx);
    return this.reads.requireSettings(organizationId, translationSettingsId);
  }
}
