export * from './openapi-bombs';
