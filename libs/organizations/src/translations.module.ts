import { Module } from '@nestjs/common';
import { CreateTranslationSettingsHandler } from './application/create-translation-settings';
import { DeleteTranslationSettingsHandler } from './application/delete-translation-settings';
import { GetTranslationSettingsHandler } from './application/get-translation-settings';
import { ListTranslationSettingsHandler } from './application/list-translation-settings';
import { TranslationWriter } from './application/translation-writer';
import { UpdateTranslationSettingsHandler } from './application/update-translation-settings';
import { TranslationsController } from './http/translations.controller';
import { TranslationsPresenter } from './http/translations.presenter';
import { OrganizationCoreModule } from './shared/organization-core.module';
import { TranslationsReadModel } from './projections/translations.read-model';

/** Translation settings of an organization. */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [TranslationsController],
  providers: [
    TranslationWriter, TranslationsReadModel, TranslationsPresenter,
    CreateTranslationSettingsHandler, UpdateTranslationSettingsHandler, DeleteTranslationSettingsHandler,
    ListTranslationSettingsHandler, GetTranslationSettingsHandler,
  ],
})
export class TranslationsModule {}
