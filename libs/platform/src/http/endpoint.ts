import { applyDecorators, Controller, Delete, Get, HttpCode, Patch, Post, Put, Type } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Answers } from './answers';
import { Located } from './located';

const ROUTES = { GET: Get, POST: Post, PUT: Put, PATCH: Patch, DELETE: Delete } as const;

export interface EndpointOptions {
  /** GitBook's operationId for the operation, so GitBook clients and our document agree. */
  operationId: string;
  summary: string;
  /** The success answer: a response class, `[Class]` for a page of a list, `null` for no body. */
  answers: Type<unknown> | [Type<unknown>] | null;
  /** The success status. Defaults: 204 without a body, 201 for POST, 200 otherwise. */
  status?: number;
  /** The route creates something: the answer's `urls.location` becomes the `Location` header. */
  located?: boolean;
  deprecated?: boolean;
}

/**
 * One route, declared once: method and path, GitBook's operationId, and what it answers (the
 * success body and, through @Answers, the error answers), so the served OpenAPI document says
 * what the route does.
 *
 *   @Endpoint('PUT', 'teams', { operationId: 'createOrganizationTeam', summary: 'Create a team', status: 201, answers: TeamResponse })
 */
export function Endpoint(method: keyof typeof ROUTES, path: string, options: EndpointOptions): MethodDecorator {
  const { answers, located = false } = options;
  const status = options.status ?? (answers === null ? 204 : method === 'POST' ? 201 : 200);
  const nestDefault = method === 'POST' ? 201 : 200;
  return applyDecorators(
    ROUTES[method](path),
    ...(status !== nestDefault ? [HttpCode(status)] : []),
    ApiOperation({ operationId: options.operationId, summary: options.summary, ...(options.deprecated ? { deprecated: true } : {}) }),
    answers === null
      ? Answers.empty(status as 204 | 205)
      : Array.isArray(answers)
        ? Answers.list(answers[0], { status })
        : Answers(answers, { status, location: located }),
    ...(located ? [Located()] : []),
  );
}

/** A controller of authenticated routes under `path`, grouped under `tag` in the OpenAPI document. */
export const ApiController = (path: string, tag: string) => applyDecorators(Controller(path), ApiTags(tag), ApiBearerAuth());
