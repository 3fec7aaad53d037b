import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TranslationSettingsDoc, TranslationsReadModel } from './translations.read-model';
import { OrganizationCommand } from '../shared/organization-scope';
import { TranslationWriter } from './translation-writer';

export class CreateTranslationSettings extends OrganizationCommand<{ title: string; languages: string[] }, TranslationSettingsDoc> {}

/** POST /v1/orgs/{organizationId}/translations: admins only. */
@CommandHandler(CreateTranslationSettings)
export class CreateTranslationSettingsHandler implements ICommandHandler<CreateTranslationSettings> {
  constructor(
    private readonly translations: TranslationWriter,
    private readonly read: TranslationsReadModel,
  ) {}

  async execute({ props: { title, languages }, scope }: CreateTranslationSettings): Promise<TranslationSettingsDoc> {
    const translationSettingsId = scope.createdId('translation');
    await this.translations.executeIn(
      translationSettingsId,
      { type: 'CreateTranslationSettings', translationSettingsId, title, languages },
      scope,
    );
    return this.read.get(scope.organizationId, translationSettingsId);
  }
}
