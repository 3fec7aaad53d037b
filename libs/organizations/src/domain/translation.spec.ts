import { DomainError } from '@docs/kernel';
import {
  decideTranslationSettings, evolveTranslationSettings, initialTranslationSettingsState, TranslationSettingsCommand, TranslationSettingsEvent,
  TranslationSettingsState,
} from './translation';

const org = 'org1';
const id = 'tr1';
const created: TranslationSettingsEvent = {
  type: 'TranslationSettingsCreated',
  data: { organizationId: org, translationSettingsId: id, title: 'French', languages: ['fr'] },
};
const given = (...events: TranslationSettingsEvent[]): TranslationSettingsState => events.reduce(evolveTranslationSettings, initialTranslationSettingsState());
function rejects(state: TranslationSettingsState, command: TranslationSettingsCommand, kind: DomainError['kind']): void {
  let thrown: unknown;
  try {
    decideTranslationSettings(state, command);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(DomainError);
  expect((thrown as DomainError).kind).toBe(kind);
}

describe('translation settings decider', () => {
  it('creates settings with distinct languages, for admins only', () => {
    const command = { type: 'CreateTranslationSettings' as const, organizationId: org, translationSettingsId: id, title: 'French', languages: ['fr', 'fr'] };
    expect(decideTranslationSettings(given(), { ...command, actorIsAdmin: true })).toEqual([created]);
    rejects(given(), { ...command, actorIsAdmin: false }, 'forbidden');
    rejects(given(created), { ...command, actorIsAdmin: true }, 'conflict');
  });

  it('updates what changed only', () => {
    const update = (changes: { title?: string; languages?: string[] }): TranslationSettingsCommand => ({
      type: 'UpdateTranslationSettings', organizationId: org, changes, actorIsAdmin: true,
    });
    expect(decideTranslationSettings(given(created), update({ title: 'French', languages: ['fr'] }))).toEqual([]);
    expect(decideTranslationSettings(given(created), update({ title: 'Français', languages: ['fr', 'fr-CA'] }))).toEqual([
      { type: 'TranslationSettingsUpdated', data: { organizationId: org, translationSettingsId: id, changes: { title: 'Français', languages: ['fr', 'fr-CA'] } } },
    ]);
    rejects(given(created), { ...update({ title: 'x' }), actorIsAdmin: false }, 'forbidden');
  });

  it('deletes, after which the settings are gone', () => {
    const deleted: TranslationSettingsEvent = { type: 'TranslationSettingsDeleted', data: { organizationId: org, translationSettingsId: id } };
    expect(decideTranslationSettings(given(created), { type: 'DeleteTranslationSettings', organizationId: org, actorIsAdmin: true })).toEqual([deleted]);
    rejects(given(created, deleted), { type: 'DeleteTranslationSettings', organizationId: org, actorIsAdmin: true }, 'not_found');
    rejects(given(created), { type: 'DeleteTranslationSettings', organizationId: 'other', actorIsAdmin: true }, 'not_found');
  });
});
