/** A mistake in the command line: the message and a pointer to `--help` are printed; exit code 2. */
export class UsageError extends Error {}

/** A command that could not do what was asked (unknown stream or projection, ...): exit code 1. */
export class CommandFailed extends Error {}
