import { Aggregate, Recorded, conflict, forbidden, invalid } from '@docs/kernel';
import { pickKnown } from '../shared/known-keys.domain';
import { OrganizationResourceState, requireActiveIn } from '../shared/organization-resource.domain';
import { samlProviderPermissions } from './saml.policy';
import { RoleOrGuest } from '../shared/roles.domain';
import type { SamlProviderSettings, SamlProviderChanges, SamlProviderEvent } from './saml.events';

export type {
  SamlProviderSettings,
  SamlProviderChanges,
  SamlProviderCreated,
  SamlProviderUpdated,
  SamlProviderDeleted,
  SamlProviderEvent,
} from './saml.events';

const SETTING_KEYS = [
  'label',
  'entityID',
  'certificate',
  'ssoURL',
  'defaultTeam',
  'defaultRole',
] as const satisfies readonly (keyof SamlProviderSettings)[];

export interface SamlProviderState extends OrganizationResourceState {
  samlProviderId?: string;
  settings?: SamlProviderSettings;
}

/** What the writer looked up: is the actor an org admin, and is the `defaultTeam` the command names a team of the org. */
export interface SamlFacts {
  /** The actor's organization role. */
  actorRole: RoleOrGuest;
  defaultTeamExists: boolean;
}

export type SamlProviderCommand =
  | { type: 'CreateSamlProvider'; organizationId: string; samlProviderId: string; settings: SamlProviderSettings }
  | { type: 'UpdateSamlProvider'; organizationId: string; changes: SamlProviderChanges }
  | { type: 'DeleteSamlProvider'; organizationId: string };

/** The team a command names as default team, whose existence its decision needs (SamlFacts). */
export function defaultTeamNamedBy(command: SamlProviderCommand): string | undefined {
  const named =
    command.type === 'CreateSamlProvider'
      ? command.settings.defaultTeam
      : command.type === 'UpdateSamlProvider'
        ? command.changes.defaultTeam
        : undefined;
  return typeof named === 'string' ? named : undefined;
}

export const initialSamlProviderState = (): SamlProviderState => ({ status: 'none' });

export function evolveSamlProvider(state: SamlProviderState, event: Recorded<SamlProviderEvent>): SamlProviderState {
  switch (event.type) {
    case 'SAMLProviderCreated': {
      const { organizationId, samlProviderId, ...settings } = event.data;
      return { status: 'active', samlProviderId, organizationId, settings };
    }
    case 'SAMLProviderUpdated': {
      const { defaultTeam, ...changes } = event.data.changes;
      const settings: SamlProviderSettings = { ...state.settings!, ...changes };
      if (defaultTeam === null) delete settings.defaultTeam;
      else if (defaultTeam !== undefined) settings.defaultTeam = defaultTeam;
      return { ...state, settings };
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
  if (!samlProviderPermissions(facts.actorRole).manage) throw forbidden('only organization admins can manage SAML providers');
}

function requireDefaultTeam(defaultTeam: string | null | undefined, facts: SamlFacts): void {
  if (typeof defaultTeam === 'string' && !facts.defaultTeamExists)
    throw invalid(`defaultTeam: "${defaultTeam}" is not a team of this organization`);
}

function requireProvider(state: SamlProviderState, organizationId: string): string {
  requireActiveIn(state, organizationId, 'SAML provider not found');
  return state.samlProviderId!;
}

export function decideSamlProvider(state: SamlProviderState, command: SamlProviderCommand, facts: SamlFacts): SamlProviderEvent[] {
  const { organizationId } = command;
  requireAdmin(facts);
  switch (command.type) {
    case 'CreateSamlProvider': {
      if (state.status !== 'none') throw conflict('SAML provider already exists');
      requireDefaultTeam(command.settings.defaultTeam, facts);
      const settings = pickKnown(command.settings, SETTING_KEYS) as SamlProviderSettings;
      return [{ type: 'SAMLProviderCreated', data: { organizationId, samlProviderId: command.samlProviderId, ...settings } }];
    }
    case 'UpdateSamlProvider': {
      const samlProviderId = requireProvider(state, organizationId);
      requireDefaultTeam(command.changes.defaultTeam, facts);
      const current = state.settings!;
      const changes = Object.fromEntries(
        Object.entries(pickKnown(command.changes, SETTING_KEYS)).filter(([key, value]) => {
          const was = current[key as keyof SamlProviderSettings];
          // A null default team clears it; a null default role is a value (guests).
          return key === 'defaultTeam' && value === null ? was !== undefined : was !== value;
        }),
      ) as SamlProviderChanges;
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'SAMLProviderUpdated', data: { organizationId, samlProviderId, changes } }];
    }
    case 'DeleteSamlProvider': {
      const samlProviderId = requireProvider(state, organizationId);
      return [{ type: 'SAMLProviderDeleted', data: { organizationId, samlProviderId } }];
    }
  }
}

/** A SAML identity provider of an organization, in stream `samlProvider-<samlProviderId>`. */
export const samlProviderAggregate: Aggregate<SamlProviderState, SamlProviderCommand, SamlProviderEvent, SamlFacts> = {
  category: 'samlProvider',
  initialState: initialSamlProviderState,
  evolve: evolveSamlProvider,
  decide: decideSamlProvider,
  schemaVersions: { SAMLProviderCreated: 1, SAMLProviderUpdated: 1, SAMLProviderDeleted: 1 },
};
