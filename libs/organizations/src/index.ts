export * from './organizations.module';
export * from './projections';
export { issueApiToken } from './application/standalone-tokens';
export type { IssuedToken } from './application/issue-api-token';
export { UsersReadModel } from './projections/users.read-model';
export * from './http/presenters';
export * from './domain/roles';
// For other contexts: the query interface, and the organization scope of /v1/orgs/{organizationId} routes.
export { OrganizationDirectory } from './application/organization-directory';
export { OrganizationScope, OrganizationCommand, OrganizationQuery } from './application/organization-scope';
export { OrgScope } from './http/org-scope';
