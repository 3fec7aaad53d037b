import { Decider, DomainEvent, conflict, forbidden, notFound } from '@docs/kernel';

export const translationSettingsStream = (translationSettingsId: string) => `translationSettings-${translationSettingsId}`;

export interface TranslationSettingsChanges {
  title?: string;
  languages?: string[];
}

export type TranslationSettingsCreated = DomainEvent<
  'TranslationSettingsCreated',
  { organizationId: string; translationSettingsId: string; title: string; languages: string[] }
>;
export type TranslationSettingsUpdated = DomainEvent<
  'TranslationSettingsUpdated',
  { organizationId: string; translationSettingsId: string; changes: TranslationSettingsChanges }
>;
export type TranslationSettingsDeleted = DomainEvent<'TranslationSettingsDeleted', { organizationId: string; translationSettingsId: string }>;

export type TranslationSettingsEvent = TranslationSettingsCreated | TranslationSettingsUpdated | TranslationSettingsDeleted;

export const TRANSLATION_SETTINGS_EVENT_TYPES = ['TranslationSettingsCreated', 'TranslationSettingsUpdated', 'TranslationSettingsDeleted'] as const;

export interface TranslationSettingsState {
  status: 'none' | 'active' | 'deleted';
  translationSettingsId?: string;
  organizationId?: string;
  title?: string;
  languages: string[];
}

export type TranslationSettingsCommand =
  | { type: 'CreateTranslationSettings'; organizationId: string; translationSettingsId: string; title: string; languages: string[]; actorIsAdmin: boolean }
  | { type: 'UpdateTranslationSettings'; organizationId: string; changes: TranslationSettingsChanges; actorIsAdmin: boolean }
  | { type: 'DeleteTranslationSettings'; organizationId: string; actorIsAdmin: boolean };

export const initialTranslationSettingsState = (): TranslationSettingsState => ({ status: 'none', languages: [] });

export function evolveTranslationSettings(state: TranslationSettingsState, event: TranslationSettingsEvent): TranslationSettingsState {
  switch (event.type) {
    case 'TranslationSettingsCreated': {
      const { organizationId, translationSettingsId, title, languages } = event.data;
      return { status: 'active', organizationId, translationSettingsId, title, languages };
    }
    case 'TranslationSettingsUpdated':
      return { ...state, ...event.data.changes };
    case 'TranslationSettingsDeleted':
      return { ...state, status: 'deleted' };
  }
}

/** Language codes are kept in order, without repeats. */
const distinct = (languages: string[]) => [...new Set(languages)];

export function decideTranslationSettings(state: TranslationSettingsState, command: TranslationSettingsCommand): TranslationSettingsEvent[] {
  const { organizationId } = command;
  if (!command.actorIsAdmin) throw forbidden('only organization admins can manage translations');
  if (command.type === 'CreateTranslationSettings') {
    if (state.status !== 'none') throw conflict('translation settings already exist');
    const { translationSettingsId, title } = command;
    return [{ type: 'TranslationSettingsCreated', data: { organizationId, translationSettingsId, title, languages: distinct(command.languages) } }];
  }
  if (state.status !== 'active' || state.organizationId !== organizationId) throw notFound('translation settings not found');
  const translationSettingsId = state.translationSettingsId!;
  if (command.type === 'DeleteTranslationSettings') {
    return [{ type: 'TranslationSettingsDeleted', data: { organizationId, translationSettingsId } }];
  }
  const changes: TranslationSettingsChanges = {};
  if (command.changes.title !== undefined && command.changes.title !== state.title) changes.title = command.changes.title;
  if (command.changes.languages !== undefined) {
    const languages = distinct(command.changes.languages);
    if (languages.join('\u0000') !== state.languages.join('\u0000')) changes.languages = languages;
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'TranslationSettingsUpdated', data: { organizationId, translationSettingsId, changes } }];
}

export const translationSettingsDecider: Decider<TranslationSettingsState, TranslationSettingsCommand, TranslationSettingsEvent> = {
  initialState: initialTranslationSettingsState,
  evolve: evolveTranslationSettings,
  decide: decideTranslationSettings,
};
