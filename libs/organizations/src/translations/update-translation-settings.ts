import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TranslationSettingsDoc, TranslationsReadModel } from './translations.read-model';
import { OrganizationCommand } from '../shared/organization-scope';
import { TranslationWriter } from './translation-writer';

export class UpdateTranslationSettings extends OrganizationCommand<
  { translationSettingsId: string; title: string; languages?: string[] },
  TranslationSettingsDoc
> {}

/** PUT /v1/orgs/{organizationId}/translations/{translationSettingsId}: admins only; omitted `languages` stay. */
@CommandHandler(UpdateTranslationSettings)
export class UpdateTranslationSettingsHandler implements ICommandHandler<UpdateTranslationSettings> {
  constructor(
    private readonly translations: TranslationWriter,
    private readonly read: TranslationsReadModel,
  ) {}

  async execute({ props: { translationSettingsId, title, languages }, scope }: UpdateTranslationSettings): Promise<TranslationSettingsDoc> {
    await this.translations.executeIn(translationSettingsId, { type: 'UpdateTranslationSettings', changes: { title, languages } }, scope);
    return this.read.get(scope.organizationId, translationSettingsId);
  }
}
