import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '@docs/platform';
import { TranslationCommands } from './translation-commands';

export class DeleteTranslationSettings extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly translationSettingsId: string,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** DELETE /v1/orgs/{organizationId}/translations/{translationSettingsId}: admins only. */
@CommandHandler(DeleteTranslationSettings)
export class DeleteTranslationSettingsHandler implements ICommandHandler<DeleteTranslationSettings> {
  constructor(private readonly translations: TranslationCommands) {}

  async execute({ organizationId, translationSettingsId, ctx }: DeleteTranslationSettings): Promise<void> {
    await this.translations.run(translationSettingsId, { type: 'DeleteTranslationSettings', organizationId }, ctx);
  }
}
