/**
 * The organizations context's published language: every event it writes, as types only. Other
 * contexts import these with `import type { ... } from '@docs/organizations/events'`; nothing here loads code.
 */
import type { OrganizationEvent } from './organizations/organization.decider';
import type { MemberActivityEvent } from './members/member-activity.decider';
import type { TeamEvent } from './teams/team.decider';
import type { UserEvent } from './users/user.decider';
import type { SamlProviderEvent } from './saml/saml.decider';
import type { TranslationSettingsEvent } from './translations/translation.decider';

// Organizations: settings, memberships (members join, change role, leave, sign in with SSO) and link invites.
export type {
  OrganizationEvent,
  OrganizationCreated,
  OrganizationSettingsChanged,
  OrganizationSettings,
  OrganizationType,
  MemberJoined,
  MemberRoleChanged,
  MemberRemoved,
  MemberSsoEnabled,
  LinkInviteCreated,
  LinkInviteRoleChanged,
  LinkInviteDeleted,
} from './organizations/organization.decider';

// Members' activity: when a member was last seen in the organization.
export type { MemberActivityEvent, MemberSeen } from './members/member-activity.decider';

// Teams and their memberships.
export type {
  TeamEvent,
  TeamCreated,
  TeamRenamed,
  TeamDeleted,
  TeamMemberAdded,
  TeamMemberRoleChanged,
  TeamMemberRemoved,
  TeamRole,
} from './teams/team.decider';

// Users and their API tokens.
export type { UserEvent, UserRegistered, ApiTokenIssued, ApiTokenRevoked } from './users/user.decider';

// SAML providers (SSO).
export type { SamlProviderEvent, SamlProviderCreated, SamlProviderUpdated, SamlProviderDeleted, SamlProviderSettings, SamlProviderChanges } from './saml/saml.decider';

// Translation settings.
export type {
  TranslationSettingsEvent,
  TranslationSettingsCreated,
  TranslationSettingsUpdated,
  TranslationSettingsDeleted,
  TranslationSettingsChanges,
} from './translations/translation.decider';

/** Every event the organizations context writes. */
export type OrganizationsContextEvent =
  | OrganizationEvent
  | MemberActivityEvent
  | TeamEvent
  | UserEvent
  | SamlProviderEvent
  | TranslationSettingsEvent;
