import { Command, Query } from '@nestjs/cqrs';
import type { Caller } from '../auth/caller';
import { CommandContext, createdId } from './command-context';

/**
 * The base of request scopes (an organization, a space, a collection): the caller of a request
 * about one resource. A scope is the command context of the request's writes (actor, correlation
 * id, idempotency key); subclasses look up what they need about the resource on first use and keep
 * it for the request.
 */
export abstract class CallerScope implements CommandContext {
  protected constructor(
    readonly caller: Caller,
    /** The id new things are created in (the organization, the space): ids derive from it under an Idempotency-Key. */
    private readonly createdIn: string,
  ) {}

  get actor(): string {
    return this.caller.userId;
  }

  get correlationId(): string {
    return this.caller.requestId;
  }

  get idempotencyKey(): string | undefined {
    return this.caller.idempotencyKey;
  }

  /** The id of something the request creates: see `createdId`. */
  createdId(kind: string): string {
    return createdId(this, kind, this.createdIn);
  }
}

/** A command: its named props, and the request scope it runs in (its context). `R` is what its handler answers. */
export abstract class ScopedCommand<P, S extends CallerScope, R = void> extends Command<R> {
  constructor(
    readonly props: P,
    readonly scope: S,
  ) {
    super();
  }
}

/** A query: its named props, and the request scope it reads in. */
export abstract class ScopedQuery<P, S extends CallerScope, R> extends Query<R> {
  constructor(
    readonly props: P,
    readonly scope: S,
  ) {
    super();
  }
}

/**
 * A command outside any request scope (no organization yet, an integration by name, the operator
 * CLI): its named props, and the plain command context.
 */
export abstract class ContextCommand<P, R = void> extends Command<R> {
  constructor(
    readonly props: P,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** A query outside any request scope: its named props, and the caller it reads for. */
export abstract class CallerQuery<P, R> extends Query<R> {
  constructor(
    readonly props: P,
    readonly caller: Caller,
  ) {
    super();
  }
}
