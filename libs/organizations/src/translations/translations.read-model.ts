import { defineReadModel, Doc, OwnedDocs, ReadModels, Provided } from '@docs/platform/projections';

/** The translations read model: organizations' translation settings. */

export interface TranslationSettingsDoc extends Doc {
  organizationId: string;
  title: string;
  languages: string[];
  createdAt: string;
  updatedAt: string;
}

// GET .../translations: by organization, oldest first.
export const TRANSLATION_SETTINGS = defineReadModel<TranslationSettingsDoc>({
  name: 'translation_settings',
  lists: [['organizationId', 'createdAt']],
});

/** The queries over the translations read model: settings of the organization (404 otherwise), and its list, oldest first. */
@Provided()
export class TranslationsReadModel extends OwnedDocs<TranslationSettingsDoc, 'organizationId'> {
  constructor(readModels: ReadModels) {
    super(readModels, TRANSLATION_SETTINGS, 'organizationId', 'translation settings not found');
  }
}
