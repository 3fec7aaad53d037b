export * from './organizations.module';
export * from './projections';
export { issueApiToken } from './users/tokens/standalone-tokens';
export type { IssuedToken } from './users/tokens/issue-api-token';
// The token lifecycle for the operator CLI (docs/tokens.md).
export { listApiTokens, revokeApiToken, parseTokenLifetime, tokenStatus, MAX_TOKEN_LIFETIME_MS } from './users/tokens/api-tokens';
export type { ApiTokenView, ApiTokenStatus, RevokedToken, TokenStores } from './users/tokens/api-tokens';
export { BOOTSTRAP_OWNER_EMAIL } from './users/bootstrap-owner';
export { UsersReadModel } from './users/users.read-model';
export * from './organizations/organizations.presenter';
// Roles are ranked once, in the kernel; re-exported for the importers of this index.
export { ROLES, atLeast, isRole, strongest } from '@docs/kernel';
export type { Role } from '@docs/kernel';
export type { RoleOrGuest } from './shared/roles.domain';
// The audit trail: each context declares an AuditCatalog of its events; the app composes them (AuditActions) into the audit projection and
// AuditTrailModule.
// The catalog kit is the kernel's, re-exported for the importers of this index.
export { AuditActions } from './audit/audit.domain';
export { ORGANIZATIONS_AUDIT_CATALOG } from './audit-catalog';
export { auditCatalog } from '@docs/kernel';
export type { AuditCatalog, AuditedAction, AuditableEvent, AnyAuditCatalog, AnyAuditedAction } from '@docs/kernel';
export { auditProjection } from './audit/audit.projection';
export { AuditTrailModule } from './audit/audit-trail.module';
// For other contexts: the query interface, and the organization scope of /v1/orgs/{organizationId} routes.
export { OrganizationDirectory } from './shared/organization-directory';
export type { MemberDoc, MemberView, OrganizationView, TeamDoc, UserDoc } from './shared/organization-directory';
export { OrganizationScope, OrganizationCommand, OrganizationQuery } from './shared/organization-scope';
export { OrgScope } from './shared/org-scope';
export { GUESTS_CANNOT_SEE_MEMBERS } from './shared/guests';
// Answered by the content context: how many spaces members and teams have.
export { SpaceCounts } from './shared/space-counts';
// Answered by the sites context: whether a site is an organization's (its defaultContent).
export { OrganizationSites } from './shared/organization-sites';
export { TeamViews } from './teams/team-views';
export type { TeamView } from './teams/team-views';
// For other contexts' answers: the shared objects they embed (users, teams) and their presenters.
export { UserResponse, TeamResponse, MemberResponse, OrganizationResponse } from './responses';
export { TeamsPresenter } from './teams/teams.presenter';
// Merge rules in requests and answers: organizations set them, spaces set or inherit them (content).
export { MergeRulesField, mergeRulesSchema } from './organizations/merge-rules.dto';
// Events other contexts' projections follow.
export type { TeamDeleted } from './teams/team.decider';
export type { MemberRemoved } from './organizations/organization.decider';
