import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { createdId } from '@docs/platform';
import { TranslationSettingsDoc, TranslationsReadModel } from '../projections/translations.read-model';
import { OrganizationCommand } from './organization-scope';
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
    const { organizationId } = scope;
    const translationSettingsId = createdId(scope, 'translation', organizationId);
    await this.translations.execute(translationSettingsId, { type: 'CreateTranslationSettings', organizationId, translationSettingsId, title, languages }, scope);
    return this.read.settings(organizationId, translationSettingsId);
  }
}
