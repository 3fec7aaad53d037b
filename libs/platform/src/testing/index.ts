export * from './projection-spec';
export * from './openapi-document';
export * from './fake-clock';
