export * from './organizations.module';
export * from './projections';
export * from './application/issue-api-token';
export * from './application/organization-access';
export * from './http/presenters';
export * from './domain/roles';
export * from './projections/read-model-types';
