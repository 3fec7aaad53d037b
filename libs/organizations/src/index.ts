export * from './organizations.module';
export * from './projections';
export { issueApiToken } from './application/standalone-tokens';
export type { IssuedToken } from './application/issue-api-token';
export { UsersReadModel } from './projections/users.read-model';
export * from './http/presenters';
export * from './domain/roles';
// For other contexts: the query interface, and the organization scope of /v1/orgs/{organizationId} routes.
export { OrganizationDirectory } from './application/organization-directory';
export type { MemberView, TeamDoc, UserDoc } from './application/organization-directory';
export { OrganizationScope, OrganizationCommand, OrganizationQuery } from './application/organization-scope';
export { OrgScope } from './http/org-scope';
export { GUESTS_CANNOT_SEE_MEMBERS } from './application/guests';
// For other contexts' answers: the shared objects they embed (users, teams) and their presenters.
export { UserResponse, TeamResponse, MemberResponse } from './http/responses';
export { TeamsPresenter } from './http/teams.presenter';
// Events other contexts' projections follow.
export type { TeamDeleted } from './domain/team';
export type { MemberRemoved } from './domain/organization';
