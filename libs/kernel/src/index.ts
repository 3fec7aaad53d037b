/**
 * The domain-safe kernel: what domain code may import. No framework, no driver, no I/O:
 * `libs/*\/src/domain` imports this and nothing else outside its own context (checked in npm test).
 */
export * from './audit-catalog';
export * from './decider';
export * from './domain-errors';
export * from './events';
export * from './ids';
export * from './maps';
export * from './merge-rules';
export * from './roles';
export * from './slugs';
