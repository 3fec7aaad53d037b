import { auditCatalog } from '@docs/kernel';
import { OrganizationEvent } from './organizations/organization.decider';
import { SamlProviderEvent } from './saml/saml.decider';
import { TeamEvent } from './teams/team.decider';
import { TranslationSettingsEvent } from './translations/translation.decider';

/**
 * The organizations context's audited events: every event that changes an organization. Pings
 * (`MemberSeen`) are activity, not changes, and user events belong to users: neither is audited.
 */
export type OrganizationsAuditedEvent = OrganizationEvent | TeamEvent | SamlProviderEvent | TranslationSettingsEvent;

export const ORGANIZATIONS_AUDIT_CATALOG = auditCatalog<OrganizationsAuditedEvent>((on) => ({
  ...on({ type: 'organization', idField: 'organizationId' }, [
    'OrganizationCreated',
    'OrganizationSettingsChanged',
    'OrganizationMergeRulesChanged',
  ]),
  ...on({ type: 'member', idField: 'userId' }, ['MemberJoined', 'MemberRoleChanged', 'MemberRemoved', 'MemberSsoEnabled'], {
    MemberSsoEnabled: 'Member set as SSO member',
  }),
  ...on(
    { type: 'link-invite', idField: 'inviteId' },
    {
      LinkInviteCreated: 'Invite link created',
      LinkInviteRoleChanged: 'Invite link role changed',
      LinkInviteDeleted: 'Invite link deleted',
    },
  ),
  ...on({ type: 'team', idField: 'teamId' }, [
    'TeamCreated',
    'TeamRenamed',
    'TeamDeleted',
    'TeamMemberAdded',
    'TeamMemberRoleChanged',
    'TeamMemberRemoved',
  ]),
  ...on({ type: 'saml-provider', idField: 'samlProviderId' }, ['SAMLProviderCreated', 'SAMLProviderUpdated', 'SAMLProviderDeleted']),
  ...on({ type: 'translation-settings', idField: 'translationSettingsId' }, [
    'TranslationSettingsCreated',
    'TranslationSettingsUpdated',
    'TranslationSettingsDeleted',
  ]),
}));
