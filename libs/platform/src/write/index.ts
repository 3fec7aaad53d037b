/**
 * `@docs/platform/write`: the write side, for a context's writers (AggregateWriter subclasses) and for
 * tools that write without the server's modules (the operator CLI's token commands): AggregateWriter,
 * WriteKit and the CommandContext writes run in. It loads @nestjs/common (the writers' injection
 * decorators) but no HTTP layer and no database driver. Everything here is also exported by `@docs/platform`.
 */
export * from '../commands/command-context';
export * from './aggregate-writer';
export * from './keyed-exclusion';
