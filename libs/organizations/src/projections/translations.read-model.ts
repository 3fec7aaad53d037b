import { Injectable } from '@nestjs/common';
import { defineReadModel, FindResult, notFound, ReadModels } from '@docs/platform';

/** The translations read model: organizations' translation settings. */

export interface TranslationSettingsDoc {
  id: string;
  organizationId: string;
  title: string;
  languages: string[];
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

// GET .../translations: by organization, oldest first.
export const TRANSLATION_SETTINGS = defineReadModel<TranslationSettingsDoc>({
  name: 'translation_settings',
  indexes: [['organizationId', 'createdAt']],
  counts: [['organizationId']],
});

type Page = { after?: string; limit: number };

/** The queries over the translations read model. */
@Injectable()
export class TranslationsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The settings, if they belong to the organization; 404 otherwise. */
  async settings(organizationId: string, translationSettingsId: string): Promise<TranslationSettingsDoc> {
    const doc = await this.readModels.get(TRANSLATION_SETTINGS, translationSettingsId);
    if (!doc || doc.organizationId !== organizationId) throw notFound('translation settings not found');
    return doc;
  }

  /** The organization's translation settings, oldest first. */
  list(organizationId: string, page: Page): Promise<FindResult<TranslationSettingsDoc>> {
    return this.readModels.find(TRANSLATION_SETTINGS, {
      where: [{ field: 'organizationId', op: 'eq', value: organizationId }],
      sort: { field: 'createdAt', direction: 'asc' },
      ...page,
    });
  }
}
