import { deciderSpec } from '@docs/kernel/testing';
import {
  TranslationSettingsChanges,
  TranslationSettingsCommand,
  TranslationSettingsEvent,
  translationSettingsAggregate,
} from './translation.decider';

const org = 'org1';
const id = 'tr1';
const admin = { actorRole: 'admin' as const };
const member = { actorRole: 'edit' as const };
const created: TranslationSettingsEvent = {
  type: 'TranslationSettingsCreated',
  data: { organizationId: org, translationSettingsId: id, title: 'French', languages: ['fr'] },
};
const deleted: TranslationSettingsEvent = { type: 'TranslationSettingsDeleted', data: { organizationId: org, translationSettingsId: id } };
const update = (changes: TranslationSettingsChanges): TranslationSettingsCommand => ({
  type: 'UpdateTranslationSettings',
  organizationId: org,
  changes,
});
const translations = deciderSpec(translationSettingsAggregate);

describe('translation settings aggregate', () => {
  it('creates settings with distinct languages, for admins only', () => {
    const create: TranslationSettingsCommand = {
      type: 'CreateTranslationSettings',
      organizationId: org,
      translationSettingsId: id,
      title: 'French',
      languages: ['fr', 'fr'],
    };
    translations.given([]).when(create, admin).then([created]);
    translations
      .given([])
      .when(create, member)
      .thenFails('forbidden', /admins/);
    translations.given([created]).when(create, admin).thenFails('conflict');
  });

  it('updates what changed only', () => {
    translations
      .given([created])
      .when(update({ title: 'French', languages: ['fr'] }), admin)
      .thenNothing();
    translations
      .given([created])
      .when(update({ title: 'Français', languages: ['fr', 'fr-CA', 'fr'] }), admin)
      .then([
        {
          type: 'TranslationSettingsUpdated',
          data: { organizationId: org, translationSettingsId: id, changes: { title: 'Français', languages: ['fr', 'fr-CA'] } },
        },
      ]);
    translations
      .given([created])
      .when(update({ title: 'x' }), member)
      .thenFails('forbidden');
  });

  it('keeps what an update leaves out', () => {
    const retitled: TranslationSettingsEvent = {
      type: 'TranslationSettingsUpdated',
      data: { organizationId: org, translationSettingsId: id, changes: { title: 'Français' } },
    };
    expect(translations.given([created, retitled]).state()).toMatchObject({ title: 'Français', languages: ['fr'] });
    translations
      .given([created, retitled])
      .when(update({ title: 'Français' }), admin)
      .thenNothing();
  });

  it('deletes, after which the settings are gone', () => {
    translations.given([created]).when({ type: 'DeleteTranslationSettings', organizationId: org }, admin).then([deleted]);
    translations
      .given([created, deleted])
      .when({ type: 'DeleteTranslationSettings', organizationId: org }, admin)
      .thenFails('not_found', /translation settings not found/);
    translations
      .given([created, deleted])
      .when(update({ title: 'Back' }), admin)
      .thenFails('not_found');
    translations.given([created]).when({ type: 'DeleteTranslationSettings', organizationId: 'other' }, admin).thenFails('not_found');
  });
});
