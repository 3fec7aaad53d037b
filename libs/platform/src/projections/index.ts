/**
 * `@docs/platform/projections`: what a context's projections and read models import. It loads no
 * framework and no database driver (a spec of a projection starts in milliseconds), and, like
 * `@docs/platform`, it re-exports the domain-safe kernel. Everything here is also exported by
 * `@docs/platform`; the runner, replayer and stores stay behind the full index.
 */
export * from '@docs/kernel';
export * from './define-projection';
export * from './delete-where';
export * from './touch-doc';
export * from './projection';
export * from './provided';
export * from './read-model';
export * from './read-models';
export * from './owned-docs';
export * from '../read-store/query';
export * from '../read-store/read-store';
export * from '../read-store/text-search';
export * from '../read-store/in-memory-page';
export * from '../read-store/every-page';
export * from '../work/loop-turns';
export * from '../cache/lru';
