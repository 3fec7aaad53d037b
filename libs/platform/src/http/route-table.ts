import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { PUBLIC_ROUTE } from '../auth/caller';
import { RAW_BODY, RawBodyType } from './raw-body';

/** What the edge must know about a route before its body is read. */
export interface RouteTraits {
  /** Marked @Public(): no token needed. */
  public: boolean;
  /** The handler declares a @Body() parameter; any other route refuses a body. */
  takesBody: boolean;
  /** The handler declares a @Query() parameter (whose class names the parameters); any other route refuses a query. */
  takesQuery: boolean;
  /** The body it takes as bytes instead of JSON (@RawBody), if any. */
  rawBody?: RawBodyType;
}

const joinPath = (...parts: string[]) =>
  `/${parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
const asArray = (value: string | string[] | undefined) => (Array.isArray(value) ? value : [value ?? '']);

/**
 * Every controller route's traits, read once from Nest's own metadata, so Fastify hooks that run
 * before guards and pipes (authentication, body and query refusal) follow the same declarations
 * as the handlers. Keyed by method and route pattern (`POST /v1/orgs/:organizationId/ping`).
 */
export class RouteTable {
  /**
   * Method -> route pattern -> traits. Two levels, so a lookup hashes the router's own pattern string (V8 keeps a string's hash) instead of
   * a new key built per request.
   */
  private readonly routes = new Map<string, Map<string, RouteTraits>>();
  /**
   * Patterns the router matched that Nest does not own (the served sites' routes, the OpenAPI document), by method:
   * a miss costs two `joinPath`s and two more look-ups, once. As many as the routes registered.
   */
  private readonly unowned = new Map<string, Set<string>>();

  static fromNest(modules: ModulesContainer): RouteTable {
    const table = new RouteTable();
    for (const module of modules.values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
        if (controller) table.addController(controller);
      }
    }
    return table;
  }

  private addController(controller: new (...args: never[]) => unknown): void {
    const prototype = controller.prototype as Record<string, unknown>;
    const controllerPublic = Reflect.getMetadata(PUBLIC_ROUTE, controller) === true;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = Object.getOwnPropertyDescriptor(prototype, name)?.value as object | undefined;
      if (typeof handler !== 'function' || name === 'constructor') continue;
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (paths === undefined || method === undefined) continue;
      const args = Object.keys((Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, unknown>);
      const takes = (type: RouteParamtypes) => args.some((key) => key.split(':')[0] === String(type));
      const traits: RouteTraits = {
        public: controllerPublic || Reflect.getMetadata(PUBLIC_ROUTE, handler) === true,
        takesBody: takes(RouteParamtypes.BODY),
        takesQuery: takes(RouteParamtypes.QUERY),
      };
      const rawBody = Reflect.getMetadata(RAW_BODY, handler) as RawBodyType | undefined;
      if (rawBody) traits.rawBody = rawBody;
      for (const base of asArray(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined)) {
        for (const path of asArray(paths)) this.add(RequestMethod[method], joinPath(base, path), traits);
      }
    }
  }

  /** Traits of a matched route; undefined for routes Nest does not own (unknown paths, /v1/openapi.json). */
  lookup(method: string, routePattern: string | undefined): RouteTraits | undefined {
    if (routePattern === undefined) return undefined;
    // Fastify hands back the pattern Nest registered, which is already in joinPath's form.
    const traits = this.find(method, routePattern);
    if (traits || this.unowned.get(method)?.has(routePattern)) return traits;
    const joined = joinPath(routePattern);
    const found = this.find(method, joined) ?? this.find('ALL', joined);
    if (found) this.add(method, routePattern, found);
    else {
      let unowned = this.unowned.get(method);
      if (!unowned) this.unowned.set(method, (unowned = new Set()));
      unowned.add(routePattern);
    }
    return found;
  }

  private add(method: string, pattern: string, traits: RouteTraits): void {
    let patterns = this.routes.get(method);
    if (!patterns) this.routes.set(method, (patterns = new Map()));
    patterns.set(pattern, traits);
  }

  private find(method: string, pattern: string): RouteTraits | undefined {
    return this.routes.get(method)?.get(pattern);
  }
}
