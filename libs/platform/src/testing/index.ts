export * from './projection-spec';
