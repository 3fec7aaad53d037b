import { createParamDecorator, ExecutionContext, Inject, PipeTransform, Type } from '@nestjs/common';
import { AuthenticatedRequest, Caller } from '../auth/caller';
import { ApiParam } from '@nestjs/swagger';

const requestOf = createParamDecorator((_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest());

/**
 * A route parameter built from the whole request by an injectable pipe: how a context gives its
 * routes a scope (`@OrgScope() scope: OrganizationScope`). The pipe must not do I/O; the scope it
 * builds looks up what it needs on first use and keeps it, so it is resolved once per request,
 * after the body has been validated (a non-member's malformed body is still a 400).
 * `pathParams` are the path parameters the scope reads: they are declared in the OpenAPI document,
 * as `@Param` would declare them.
 */
export function RequestScope(pipe: Type<PipeTransform>, pathParams: string[] = []): ParameterDecorator {
  return (target, key, index) => {
    requestOf(pipe)(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
    for (const name of pathParams) ApiParam({ name, type: String, required: true })(target, key, descriptor);
  };
}

/** What a scope pipe builds from: the path parameter naming the resource, and the authenticated caller. */
export function scopeInput(request: AuthenticatedRequest, param: string): { id: string; caller: Caller } {
  const id = (request.params as Record<string, string | undefined>)[param];
  if (id === undefined || !request.caller)
    throw new Error(`a scope of {${param}} used on a route without that parameter, or without authentication`);
  return { id, caller: request.caller };
}

/**
 * The pipe of a scope: builds it from the request (see scopeInput) and the injected `deps`, e.g.
 *
 *     export const SpaceScopePipe = scopePipe([SpacesReadModel, SpaceAccess], (request, spaces, access) => {
 *       const { id, caller } = scopeInput(request, 'spaceId');
 *       return new SpaceScope(id, caller, spaces, access);
 *     });
 *
 * A provider of the module whose routes use it, like any injectable.
 */
export function scopePipe<S, const D extends readonly unknown[]>(
  deps: { readonly [K in keyof D]: Type<D[K]> },
  build: (request: AuthenticatedRequest, ...deps: D) => S,
): Type<PipeTransform<AuthenticatedRequest, S>> {
  class ScopePipe implements PipeTransform<AuthenticatedRequest, S> {
    private readonly deps: D;

    constructor(...injected: D) {
      this.deps = injected;
    }

    transform(request: AuthenticatedRequest): S {
      return build(request, ...this.deps);
    }
  }
  for (const [index, dep] of deps.entries()) Inject(dep)(ScopePipe, undefined, index);
  return ScopePipe;
}
