import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { TranslationSettingsEvent } from './translation.decider';
import { translationsProjection } from './translations.projection';
import { TRANSLATION_SETTINGS, TranslationsReadModel } from './translations.read-model';

const T1 = '2024-01-01T00:00:00.000Z';
const T2 = '2024-01-02T00:00:00.000Z';

const created = (translationSettingsId: string, organizationId = 'o1'): TranslationSettingsEvent => ({
  type: 'TranslationSettingsCreated',
  data: { organizationId, translationSettingsId, title: 'French', languages: ['fr'] },
});

describe('translations projection', () => {
  const spec = projectionSpecPerTest(translationsProjection);
  /** The document of the French settings tr1 created at T1, with `fields` as they are now. */
  const french = (fields: object = {}) => ({
    id: 'tr1',
    organizationId: 'o1',
    title: 'French',
    languages: ['fr'],
    createdAt: T1,
    updatedAt: T1,
    ...fields,
  });

  it('keeps a document per settings, with when they were created and changed', async () => {
    await spec.given(occurred(T1, created('tr1')));
    expect(await spec.readModels.get(TRANSLATION_SETTINGS, 'tr1')).toEqual(french());
  });

  it('applies changes, keeping what they leave out', async () => {
    await spec.given([
      ...occurred(T1, created('tr1')),
      ...occurred(T2, {
        type: 'TranslationSettingsUpdated',
        data: { organizationId: 'o1', translationSettingsId: 'tr1', changes: { title: 'Français' } },
      }),
    ]);
    expect(await spec.readModels.get(TRANSLATION_SETTINGS, 'tr1')).toEqual(french({ title: 'Français', updatedAt: T2 }));
  });

  it('lists an organization oldest first, and drops deleted settings', async () => {
    await spec.given([
      ...occurred(T1, created('tr1'), created('tr3', 'o2')),
      ...occurred(T2, created('tr2'), { type: 'TranslationSettingsDeleted', data: { organizationId: 'o1', translationSettingsId: 'tr1' } }),
    ]);
    expect(await spec.readModels.get(TRANSLATION_SETTINGS, 'tr1')).toBeNull();
    const listed = await new TranslationsReadModel(spec.readModels).list('o1', { limit: 10 });
    expect(listed.items.map((t) => t.id)).toEqual(['tr2']);
  });
});
