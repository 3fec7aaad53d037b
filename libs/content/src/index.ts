export * from './content.module';
export * from './projections';
