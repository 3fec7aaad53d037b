import { defineReadModel, Doc, FindResult, found, OLDEST_FIRST, Page, ReadModels, Provided } from '@docs/platform/projections';

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
  indexes: [['organizationId', 'createdAt']],
  counts: [['organizationId']],
});

/** The queries over the translations read model. */
@Provided()
export class TranslationsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The settings, if they belong to the organization; 404 otherwise. */
  async settings(organizationId: string, translationSettingsId: string): Promise<TranslationSettingsDoc> {
    const settings = await this.readModels.getIn(TRANSLATION_SETTINGS, translationSettingsId, 'organizationId', organizationId);
    return found(settings, 'translation settings not found');
  }

  /** The organization's translation settings, oldest first. */
  list(organizationId: string, page: Page): Promise<FindResult<TranslationSettingsDoc>> {
    return this.readModels.findIn(TRANSLATION_SETTINGS, 'organizationId', organizationId, OLDEST_FIRST, page);
  }
}
