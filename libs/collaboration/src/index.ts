export * from './collaboration.module';
export * from './projections';
// The published language (also `@docs/collaboration/events`): the events other contexts' projections follow.
export type * from './events';
export * from './audit-catalog';
