import { Module } from '@nestjs/common';
import { CreateTranslationSettingsHandler } from './create-translation-settings';
import { DeleteTranslationSettingsHandler } from './delete-translation-settings';
import { GetTranslationSettingsHandler } from './get-translation-settings';
import { ListTranslationSettingsHandler } from './list-translation-settings';
import { TranslationWriter } from './translation-writer';
import { UpdateTranslationSettingsHandler } from './update-translation-settings';
import { TranslationsController } from './translations.controller';
import { TranslationsPresenter } from './translations.presenter';
import { OrganizationCoreModule } from '../shared/organization-core.module';
import { TranslationsReadModel } from './translations.read-model';

/** Translation settings of an organization. */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [TranslationsController],
  providers: [
    TranslationWriter,
    TranslationsReadModel,
    TranslationsPresenter,
    CreateTranslationSettingsHandler,
    UpdateTranslationSettingsHandler,
    DeleteTranslationSettingsHandler,
    ListTranslationSettingsHandler,
    GetTranslationSettingsHandler,
  ],
})
export class TranslationsModule {}
