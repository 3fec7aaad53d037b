/**
 * The organizations context's published language: every event it writes, as types only. Other
 * contexts import these with `import type { ... } from '@docs/organizations/events'`; nothing here loads code.
 */
import type { OrganizationEvent } from './organizations/organization.events';
import type { MemberActivityEvent } from './members/member-activity.events';
import type { TeamEvent } from './teams/team.events';
import type { UserEvent } from './users/user.events';
import type { SamlProviderEvent } from './saml/saml.events';
import type { TranslationSettingsEvent } from './translations/translation.events';

// Organizations: settings, memberships (members join, change role, leave, sign in with SSO) and link invites.
export type {
  OrganizationEvent,
  OrganizationCreated,
  OrganizationSettingsChanged,
  OrganizationMergeRulesChanged,
  OrganizationSettings,
  OrganizationType,
  MemberJoined,
  MemberRoleChanged,
  MemberRemoved,
  MemberSsoEnabled,
  LinkInviteCreated,
  LinkInviteRoleChanged,
  LinkInviteDeleted,
} from './organizations/organization.events';

// Members' activity: when a member was last seen in the organization.
export type { MemberActivityEvent, MemberSeen } from './members/member-activity.events';

// Teams and their memberships.
export type {
  TeamEvent,
  TeamCreated,
  TeamRenamed,
  TeamDeleted,
  TeamMemberAdded,
  TeamMemberRoleChanged,
  TeamMemberRemoved,
} from './teams/team.events';
export type { TeamRole } from './teams/team.policy';

// Users and their API tokens.
export type { UserEvent, UserRegistered, ApiTokenIssued, ApiTokenRevoked } from './users/user.events';

// SAML providers (SSO).
export type {
  SamlProviderEvent,
  SamlProviderCreated,
  SamlProviderUpdated,
  SamlProviderDeleted,
  SamlProviderSettings,
  SamlProviderChanges,
} from './saml/saml.events';

// Translation settings.
export type {
  TranslationSettingsEvent,
  TranslationSettingsCreated,
  TranslationSettingsUpdated,
  TranslationSettingsDeleted,
  TranslationSettingsChanges,
} from './translations/translation.events';

/** Every event the organizations context writes. */
export type OrganizationsContextEvent =
  | OrganizationEvent
  | MemberActivityEvent
  | TeamEvent
  | UserEvent
  | SamlProviderEvent
  | TranslationSettingsEvent;
