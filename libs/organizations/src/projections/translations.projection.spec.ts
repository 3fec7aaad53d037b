import { projectionSpec } from '@docs/platform/testing';
import { TranslationSettingsEvent } from '../domain/translation';
import { translationsProjection } from './translations.projection';
import { TRANSLATION_SETTINGS } from './translations.read-model';

const T1 = '2024-01-01T00:00:00.000Z';
const T2 = '2024-01-02T00:00:00.000Z';
const at = (occurredAt: string) => ({ metadata: { occurredAt } });

const created = (translationSettingsId: string, organizationId = 'o1'): TranslationSettingsEvent => ({
  type: 'TranslationSettingsCreated',
  data: { organizationId, translationSettingsId, title: 'French', languages: ['fr'] },
});

describe('translations projection', () => {
  let spec: Awaited<ReturnType<typeof projectionSpec>>;
  beforeEach(async () => {
    spec = await projectionSpec(translationsProjection);
  });
  afterEach(() => spec.close());

  it('keeps a document per settings, with when they were created and changed', async () => {
    await spec.given([{ ...created('tr1'), ...at(T1) }]);
    expect(await spec.readModels.get(TRANSLATION_SETTINGS, 'tr1')).toEqual({
      id: 'tr1', organizationId: 'o1', title: 'French', languages: ['fr'], createdAt: T1, updatedAt: T1,
    });
  });

  it('applies changes, keeping what they leave out', async () => {
    await spec.given([
      { ...created('tr1'), ...at(T1) },
      { type: 'TranslationSettingsUpdated', data: { organizationId: 'o1', translationSettingsId: 'tr1', changes: { title: 'Français' } }, ...at(T2) },
    ]);
    expect(await spec.readModels.get(TRANSLATION_SETTINGS, 'tr1')).toEqual({
      id: 'tr1', organizationId: 'o1', title: 'Français', languages: ['fr'], createdAt: T1, updatedAt: T2,
    });
  });

  it('lists an organization oldest first, and drops deleted settings', async () => {
    await spec.given([
      { ...created('tr1'), ...at(T1) },
      { ...created('tr2'), ...at(T2) },
      { ...created('tr3', 'o2'), ...at(T1) },
      { type: 'TranslationSettingsDeleted', data: { organizationId: 'o1', translationSettingsId: 'tr1' }, ...at(T2) },
    ]);
    expect(await spec.readModels.get(TRANSLATION_SETTINGS, 'tr1')).toBeNull();
    const listed = await spec.readModels.find(TRANSLATION_SETTINGS, {
      where: [{ field: 'organizationId', op: 'eq', value: 'o1' }],
      sort: { field: 'createdAt', direction: 'asc' },
      limit: 10,
    });
    expect(listed.items.map((t) => t.id)).toEqual(['tr2']);
  });
});
