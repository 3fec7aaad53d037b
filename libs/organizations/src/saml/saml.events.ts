import type { DomainEvent } from '@docs/kernel';
import type { RoleOrGuest } from '../shared/roles.domain';

/** What happens to an organization's SAML identity provider (stream `samlProvider-<samlProviderId>`). */
/** The settings of a SAML identity provider; absent ones are not configured yet. */

export type SamlProviderSettings = {
  label: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  defaultTeam?: string;
  defaultRole: RoleOrGuest;
};

/** A change: omitted fields stay; `defaultTeam: null` clears the default team. */
export type SamlProviderChanges = Partial<Omit<SamlProviderSettings, 'defaultTeam'>> & { defaultTeam?: string | null };
export type SamlProviderCreated = DomainEvent<
  'SAMLProviderCreated',
  { organizationId: string; samlProviderId: string } & SamlProviderSettings
>;
export type SamlProviderUpdated = DomainEvent<
  'SAMLProviderUpdated',
  { organizationId: string; samlProviderId: string; changes: SamlProviderChanges }
>;
export type SamlProviderDeleted = DomainEvent<'SAMLProviderDeleted', { organizationId: string; samlProviderId: string }>;
export type SamlProviderEvent = SamlProviderCreated | SamlProviderUpdated | SamlProviderDeleted;
