import { defineProjection, touchDoc } from '@docs/platform/projections';
import { TranslationSettingsEvent } from './translation.decider';
import { TRANSLATION_SETTINGS } from './translations.read-model';

/** Translation settings of organizations. */
export const translationsProjection = defineProjection<TranslationSettingsEvent>({
  name: 'translations',
  version: 1,
  collections: [TRANSLATION_SETTINGS],
  applyReadsByIdOnly: true,
  on: {
    TranslationSettingsCreated({ data: { organizationId, translationSettingsId, title, languages }, metadata: { occurredAt } }, w) {
      w.put(TRANSLATION_SETTINGS, {
        id: translationSettingsId,
        organizationId,
        title,
        languages,
        createdAt: occurredAt,
        updatedAt: occurredAt,
      });
    },
    async TranslationSettingsUpdated({ data: { translationSettingsId, changes }, metadata: { occurredAt } }, w) {
      await touchDoc(w, TRANSLATION_SETTINGS, translationSettingsId, occurredAt, () => ({ ...changes }));
    },
    TranslationSettingsDeleted({ data: { translationSettingsId } }, w) {
      w.delete(TRANSLATION_SETTINGS, translationSettingsId);
    },
  },
});
