import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationCommand } from '../shared/organization-scope';
import { TranslationWriter } from './translation-writer';

export class DeleteTranslationSettings extends OrganizationCommand<{ translationSettingsId: string }> {}

/** DELETE /v1/orgs/{organizationId}/translations/{translationSettingsId}: admins only. */
@CommandHandler(DeleteTranslationSettings)
export class DeleteTranslationSettingsHandler implements ICommandHandler<DeleteTranslationSettings> {
  constructor(private readonly translations: TranslationWriter) {}

  async execute({ props: { translationSettingsId }, scope }: DeleteTranslationSettings): Promise<void> {
    await this.translations.executeIn(translationSettingsId, { type: 'DeleteTranslationSettings' }, scope);
  }
}
