export * from './projection-spec';
export * from './openapi-document';
