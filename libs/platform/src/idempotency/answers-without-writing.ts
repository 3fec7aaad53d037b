import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';

/**
 * A POST that writes nothing (GitBook's resolvePublishedContentByUrl answers a lookup): its
 * Idempotency-Key is ignored as a GET's is, so no answer of it is stored. Such an answer may hold
 * what must not rest in DATA_DIR (the caller's own token, echoed as GitBook's `apiToken`).
 */
export const AnswersWithoutWriting = () => RouteConfig({ answersWithoutWriting: true });

export const answersWithoutWriting = (request: FastifyRequest): boolean =>
  (request.routeOptions.config as { answersWithoutWriting?: boolean } | undefined)?.answersWithoutWriting === true;
