/**
 * What the organization audit trail records: every event of the organizations context that changes
 * an organization, keyed by its event type (a stable string, so it doubles as the audit action id).
 * Pings (`MemberSeen`) are activity, not changes, and token events belong to users: neither is listed.
 */
export interface AuditedAction {
  label: string;
  /** The resource the event changes: its kind and the data field holding its id. */
  target: { type: string; idField: string };
}

/** A null-prototype object: looked up with event types and action ids from queries, `constructor` must find nothing. */
export const AUDITED_ACTIONS: Readonly<Record<string, AuditedAction>> = Object.freeze(Object.assign(Object.create(null) as Record<string, AuditedAction>, {
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
}));

export const AUDITED_EVENT_TYPES = Object.keys(AUDITED_ACTIONS);
