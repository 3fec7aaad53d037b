import type { DomainEvent } from '@docs/kernel';

/** What happens to an organization's translation settings (stream `translationSettings-<translationSettingsId>`). */

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

export type TranslationSettingsDeleted = DomainEvent<
  'TranslationSettingsDeleted',
  { organizationId: string; translationSettingsId: string }
>;
export type TranslationSettingsEvent = TranslationSettingsCreated | TranslationSettingsUpdated | TranslationSettingsDeleted;
