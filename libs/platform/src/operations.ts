/**
 * `@docs/platform/operations`: what a tool that works on the stores without the server needs (the
 * operator CLI, apps/cli): the configuration, opening the stores, the projection registry, replays,
 * leftovers and parked events, and the projection kit (`@docs/platform/projections`, with the
 * kernel). Like that kit it loads no framework and no HTTP library, and a server's database driver
 * only when the configuration names that server. Everything here is also exported by `@docs/platform`.
 */
export * from './projections/index';
export * from './auth/token-usage-store';
export * from './config/app-config';
export * from './event-store/event-store';
export * from './event-store/upcasters';
export * from './projections/leftovers';
export * from './projections/parked-retry';
export * from './projections/projection-registry';
export * from './projections/projection-replayer';
export * from './stores';
