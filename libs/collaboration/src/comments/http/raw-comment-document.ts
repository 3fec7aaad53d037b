import { CallHandler, createParamDecorator, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';

/** The `body.document` each request sent, as parsed (comment-bodies.ts checks and converts it). */
const documents = new WeakMap<object, object>();

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Takes a comment body's `document` out of the request body before validation, leaving an empty
 * object in its place (so the request class still sees that one was sent, and refuses null, a
 * string, an array, or markdown beside it): class-transformer copies every value of a body node by
 * node, a second or more for a hostile 1 MiB document with /health waiting, while the document's own
 * check (validateDocument) is bounded and runs in a work thread when large. Interceptors run before pipes.
 */
@Injectable()
export class RawCommentDocument implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<{ body?: unknown }>();
    const body = isJsonObject(request.body) ? request.body.body : undefined;
    if (isJsonObject(body) && isJsonObject(body.document)) {
      documents.set(request, body.document);
      body.document = {};
    }
    return next.handle();
  }
}

/** The `body.document` the request sent, when it is an object (RawCommentDocument keeps it). */
export const SentDocument = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  documents.get(context.switchToHttp().getRequest<object>()),
);
