import { Decider, DomainEvent, conflict, forbidden, invalid, notFound } from '@docs/kernel';
import { pickKnown } from './known-keys';
import { RoleOrGuest } from './roles';

export const samlProviderStream = (samlProviderId: string) => `samlProvider-${samlProviderId}`;

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

const SETTING_KEYS = ['label', 'entityID', 'certificate', 'ssoURL', 'defaultTeam', 'defaultRole'] as const satisfies readonly (keyof SamlProviderSettings)[];

export type SamlProviderCreated = DomainEvent<'SAMLProviderCreated', { organizationId: string; samlProviderId: string } & SamlProviderSettings>;
export type SamlProviderUpdated = DomainEvent<'SAMLProviderUpdated', { organizationId: string; samlProviderId: string; changes: SamlProviderChanges }>;
export type SamlProviderDeleted = DomainEvent<'SAMLProviderDeleted', { organizationId: string; samlProviderId: string }>;

export type SamlProviderEvent = SamlProviderCreated | SamlProviderUpdated | SamlProviderDeleted;

export const SAML_PROVIDER_EVENT_TYPES = ['SAMLProviderCreated', 'SAMLProviderUpdated', 'SAMLProviderDeleted'] as const;

export interface SamlProviderState {
  status: 'none' | 'active' | 'deleted';
  samlProviderId?: string;
  organizationId?: string;
  settings?: SamlProviderSettings;
}

/** What the handler looked up: is the actor an org admin, and is `defaultTeam` a team of the org. */
export interface SamlFacts {
  actorIsAdmin: boolean;
  defaultTeamExists: boolean;
}

export type SamlProviderCommand =
  | { type: 'CreateSAMLProvider'; organizationId: string; samlProviderId: string; settings: SamlProviderSettings; facts: SamlFacts }
  | { type: 'UpdateSAMLProvider'; organizationId: string; changes: SamlProviderChanges; facts: SamlFacts }
  | { type: 'DeleteSAMLProvider'; organizationId: string; facts: SamlFacts };

export const initialSamlProviderState = (): SamlProviderState => ({ status: 'none' });

export function evolveSamlProvider(state: SamlProviderState, event: SamlProviderEvent): SamlProviderState {
  switch (event.type) {
    case 'SAMLProviderCreated': {
      const { organizationId, samlProviderId, ...settings } = event.data;
      return { status: 'active', samlProviderId, organizationId, settings };
    }
    case 'SAMLProviderUpdated': {
      const settings = { ...state.settings!, ...event.data.changes } as SamlProviderSettings & { defaultTeam?: string | null };
      if (settings.defaultTeam === null) delete settings.defaultTeam;
      return { ...state, settings: settings as SamlProviderSettings };
    }
    case 'SAMLProviderDeleted':
      return { ...state, status: 'deleted' };
  }
}

/** A provider is usable for sign-in once its IdP URL, entity id and certificate are all set. */
export function samlProviderStatus(settings: Pick<SamlProviderSettings, 'entityID' | 'certificate' | 'ssoURL'>): 'active' | 'pending' {
  return settings.ssoURL && settings.entityID && settings.certificate ? 'active' : 'pending';
}

function requireAdmin(facts: SamlFacts): void {
  if (!facts.actorIsAdmin) throw forbidden('only organization admins can manage SAML providers');
}

function requireDefaultTeam(defaultTeam: string | null | undefined, facts: SamlFacts): void {
  if (typeof defaultTeam === 'string' && !facts.defaultTeamExists) throw invalid(`defaultTeam: "${defaultTeam}" is not a team of this organization`);
}

export function decideSamlProvider(state: SamlProviderState, command: SamlProviderCommand): SamlProviderEvent[] {
  const { organizationId, facts } = command;
  requireAdmin(facts);
  switch (command.type) {
    case 'CreateSAMLProvider': {
      if (state.status !== 'none') throw conflict('SAML provider already exists');
      requireDefaultTeam(command.settings.defaultTeam, facts);
      const settings = pickKnown(command.settings, SETTING_KEYS) as SamlProviderSettings;
      return [{ type: 'SAMLProviderCreated', data: { organizationId, samlProviderId: command.samlProviderId, ...settings } }];
    }
    case 'UpdateSAMLProvider': {
      if (state.status !== 'active' || state.organizationId !== organizationId) throw notFound('SAML provider not found');
      requireDefaultTeam(command.changes.defaultTeam, facts);
      const current = state.settings!;
      const changes = Object.fromEntries(
        Object.entries(pickKnown(command.changes, SETTING_KEYS)).filter(([key, value]) => {
          const was = current[key as keyof SamlProviderSettings];
          return value === null ? was !== undefined : was !== value;
        }),
      ) as SamlProviderChanges;
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'SAMLProviderUpdated', data: { organizationId, samlProviderId: state.samlProviderId!, changes } }];
    }
    case 'DeleteSAMLProvider': {
      if (state.status !== 'active' || state.organizationId !== organizationId) throw notFound('SAML provider not found');
      return [{ type: 'SAMLProviderDeleted', data: { organizationId, samlProviderId: state.samlProviderId! } }];
    }
  }
}

export const samlProviderDecider: Decider<SamlProviderState, SamlProviderCommand, SamlProviderEvent> = {
  initialState: initialSamlProviderState,
  evolve: evolveSamlProvider,
  decide: decideSamlProvider,
};
