export * from './decider-spec';
export * from './thread-cpu';
