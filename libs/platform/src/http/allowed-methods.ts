import type { FastifyInstance } from 'fastify';

/**
 * The methods the router serves at a URL (its own match, path parameters included), in Fastify's
 * order of its supported methods; HEAD is among them wherever GET is (Fastify's HEAD routes).
 * Empty for a path no route serves. For a request the router did not match: a path that some
 * route serves answers 405 with these in `Allow` (RFC 9110, 15.5.6), any other 404.
 */
export function allowedMethods(fastify: FastifyInstance, url: string): string[] {
  return fastify.supportedMethods.filter((method) => fastify.findRoute({ method, url }) !== null);
}
