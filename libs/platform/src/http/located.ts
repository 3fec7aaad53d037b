import { CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, Observable } from 'rxjs';

/** Sets `Location` to the created object's own address (`urls.location` of the answer). */
@Injectable()
export class LocationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((body: { urls?: { location?: unknown } } | undefined) => {
        const location = body?.urls?.location;
        if (typeof location === 'string') void reply.header('location', location);
        return body;
      }),
    );
  }
}

/** For routes that create something: the answer's `urls.location` becomes the `Location` header. */
export const Located = () => UseInterceptors(LocationInterceptor);
