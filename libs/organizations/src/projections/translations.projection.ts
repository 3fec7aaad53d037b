import { Projection, RecordedEvent } from '@docs/platform';
import { TranslationSettingsCreated, TranslationSettingsDeleted, TranslationSettingsUpdated } from '../domain/translation';

export interface TranslationSettingsDoc {
  id: string;
  organizationId: string;
  title: string;
  languages: string[];
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

/** Translation settings of organizations. */
export const translationsProjection: Projection = {
  name: 'translations',
  version: 1,
  collections: [{ name: 'translation_settings', indexes: [['organizationId', 'createdAt']], counts: [['organizationId']] }],
  handles: ['TranslationSettingsCreated', 'TranslationSettingsUpdated', 'TranslationSettingsDeleted'],
  applyReadsByIdOnly: true,
  async apply(event: RecordedEvent, w) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'TranslationSettingsCreated': {
        const { organizationId, translationSettingsId, title, languages } = (event as unknown as TranslationSettingsCreated).data;
        w.put('translation_settings', { id: translationSettingsId, organizationId, title, languages, createdAt: at, updatedAt: at } satisfies TranslationSettingsDoc);
        return;
      }
      case 'TranslationSettingsUpdated': {
        const { translationSettingsId, changes } = (event as unknown as TranslationSettingsUpdated).data;
        await w.update<TranslationSettingsDoc>('translation_settings', translationSettingsId, (doc) => doc && { ...doc, ...changes, updatedAt: at });
        return;
      }
      case 'TranslationSettingsDeleted': {
        w.delete('translation_settings', (event as unknown as TranslationSettingsDeleted).data.translationSettingsId);
        return;
      }
    }
  },
};
