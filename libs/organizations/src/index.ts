export * from './organizations.module';
export * from './projections';
export { issueApiToken } from './application/standalone-tokens';
export type { IssuedToken } from './application/issue-api-token';
export { UsersReadModel } from './projections/users.read-model';
export * from './http/presenters';
export * from './domain/roles';
