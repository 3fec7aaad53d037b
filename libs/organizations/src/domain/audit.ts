import { OrganizationEvent } from './organization';
import { SamlProviderEvent } from './saml';
import { TeamEvent } from './team';
import { TranslationSettingsEvent } from './translation';

/**
 * What the organization audit trail records: every event of the organizations context that changes
 * an organization. Its event type is a stable string, so it doubles as the audit action id.
 * Pings (`MemberSeen`) are activity, not changes, and user events belong to users: neither is audited.
 */
export type AuditedEvent = OrganizationEvent | TeamEvent | SamlProviderEvent | TranslationSettingsEvent;

export interface AuditedAction<E extends AuditedEvent = AuditedEvent> {
  label: string;
  /** The resource the event changes: its kind and the data field holding its id. */
  target: { type: string; idField: keyof E['data'] & string };
}

/** One action per audited event type, each naming a field of that event's data. */
type AuditedActions = { readonly [K in AuditedEvent['type']]: AuditedAction<Extract<AuditedEvent, { type: K }>> };

const actions: AuditedActions = {
  OrganizationCreated: { label: 'Organization created', target: { type: 'organization', idField: 'organizationId' } },
  OrganizationSettingsChanged: { label: 'Organization settings changed', target: { type: 'organization', idField: 'organizationId' } },
  MemberJoined: { label: 'Member joined', target: { type: 'member', idField: 'userId' } },
  MemberRoleChanged: { label: 'Member role changed', target: { type: 'member', idField: 'userId' } },
  MemberRemoved: { label: 'Member removed', target: { type: 'member', idField: 'userId' } },
  MemberSsoEnabled: { label: 'Member set as SSO member', target: { type: 'member', idField: 'userId' } },
  LinkInviteCreated: { label: 'Invite link created', target: { type: 'link-invite', idField: 'inviteId' } },
  LinkInviteRoleChanged: { label: 'Invite link role changed', target: { type: 'link-invite', idField: 'inviteId' } },
  LinkInviteDeleted: { label: 'Invite link deleted', target: { type: 'link-invite', idField: 'inviteId' } },
  TeamCreated: { label: 'Team created', target: { type: 'team', idField: 'teamId' } },
  TeamRenamed: { label: 'Team renamed', target: { type: 'team', idField: 'teamId' } },
  TeamDeleted: { label: 'Team deleted', target: { type: 'team', idField: 'teamId' } },
  TeamMemberAdded: { label: 'Team member added', target: { type: 'team', idField: 'teamId' } },
  TeamMemberRoleChanged: { label: 'Team member role changed', target: { type: 'team', idField: 'teamId' } },
  TeamMemberRemoved: { label: 'Team member removed', target: { type: 'team', idField: 'teamId' } },
  SAMLProviderCreated: { label: 'SAML provider created', target: { type: 'saml-provider', idField: 'samlProviderId' } },
  SAMLProviderUpdated: { label: 'SAML provider updated', target: { type: 'saml-provider', idField: 'samlProviderId' } },
  SAMLProviderDeleted: { label: 'SAML provider deleted', target: { type: 'saml-provider', idField: 'samlProviderId' } },
  TranslationSettingsCreated: { label: 'Translation settings created', target: { type: 'translation-settings', idField: 'translationSettingsId' } },
  TranslationSettingsUpdated: { label: 'Translation settings updated', target: { type: 'translation-settings', idField: 'translationSettingsId' } },
  TranslationSettingsDeleted: { label: 'Translation settings deleted', target: { type: 'translation-settings', idField: 'translationSettingsId' } },
};

/** A null-prototype object: if ever looked up with a string from a request, `constructor` must find nothing. */
export const AUDITED_ACTIONS: AuditedActions = Object.freeze(Object.assign(Object.create(null), actions));

export const AUDITED_EVENT_TYPES = Object.keys(AUDITED_ACTIONS) as AuditedEvent['type'][];
