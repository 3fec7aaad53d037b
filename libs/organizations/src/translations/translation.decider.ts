import { Aggregate, Recorded, conflict, forbidden } from '@docs/kernel';
import { RoleOrGuest } from '../shared/roles.domain';
import { translationSettingsPermissions } from './translation.policy';
import { OrganizationResourceState, requireActiveIn } from '../shared/organization-resource.domain';
import type { TranslationSettingsChanges, TranslationSettingsEvent } from './translation.events';

export type {
  TranslationSettingsChanges,
  TranslationSettingsCreated,
  TranslationSettingsUpdated,
  TranslationSettingsDeleted,
  TranslationSettingsEvent,
} from './translation.events';

export interface TranslationSettingsState extends OrganizationResourceState {
  translationSettingsId?: string;
  title?: string;
  languages: string[];
}

/** What the writer looked up: the actor's organization role. */
export interface TranslationFacts {
  actorRole: RoleOrGuest;
}

export type TranslationSettingsCommand =
  | { type: 'CreateTranslationSettings'; organizationId: string; translationSettingsId: string; title: string; languages: string[] }
  | { type: 'UpdateTranslationSettings'; organizationId: string; changes: TranslationSettingsChanges }
  | { type: 'DeleteTranslationSettings'; organizationId: string };

export const initialTranslationSettingsState = (): TranslationSettingsState => ({ status: 'none', languages: [] });

export function evolveTranslationSettings(
  state: TranslationSettingsState,
  event: Recorded<TranslationSettingsEvent>,
): TranslationSettingsState {
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

export function decideTranslationSettings(
  state: TranslationSettingsState,
  command: TranslationSettingsCommand,
  facts: TranslationFacts,
): TranslationSettingsEvent[] {
  const { organizationId } = command;
  if (!translationSettingsPermissions(facts.actorRole).edit) throw forbidden('only organization admins can manage translations');
  if (command.type === 'CreateTranslationSettings') {
    if (state.status !== 'none') throw conflict('translation settings already exist');
    const { translationSettingsId, title } = command;
    return [
      {
        type: 'TranslationSettingsCreated',
        data: { organizationId, translationSettingsId, title, languages: distinct(command.languages) },
      },
    ];
  }
  requireActiveIn(state, organizationId, 'translation settings not found');
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

/** Translation settings of an organization, in stream `translationSettings-<translationSettingsId>`. */
export const translationSettingsAggregate: Aggregate<
  TranslationSettingsState,
  TranslationSettingsCommand,
  TranslationSettingsEvent,
  TranslationFacts
> = {
  category: 'translationSettings',
  initialState: initialTranslationSettingsState,
  evolve: evolveTranslationSettings,
  decide: decideTranslationSettings,
  schemaVersions: { TranslationSettingsCreated: 1, TranslationSettingsUpdated: 1, TranslationSettingsDeleted: 1 },
};
