import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationScope } from './organization-scope';
import { TranslationWriter } from './translation-writer';

export class DeleteTranslationSettings extends Command<void> {
  constructor(
    readonly props: { translationSettingsId: string },
    readonly scope: OrganizationScope,
  ) {
    super();
  }
}

/** DELETE /v1/orgs/{organizationId}/translations/{translationSettingsId}: admins only. */
@CommandHandler(DeleteTranslationSettings)
export class DeleteTranslationSettingsHandler implements ICommandHandler<DeleteTranslationSettings> {
  constructor(private readonly translations: TranslationWriter) {}

  async execute({ props: { translationSettingsId }, scope }: DeleteTranslationSettings): Promise<void> {
    await this.translations.execute(translationSettingsId, { type: 'DeleteTranslationSettings', organizationId: scope.organizationId }, scope);
  }
}
