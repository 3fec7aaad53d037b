import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';

/** The non-JSON bodies a route may take whole, as bytes (a Buffer in its @Body()). */
export type RawBodyType = 'application/zip';
export const RAW_BODY_TYPES: readonly RawBodyType[] = ['application/zip'];

export const RAW_BODY = 'docs:raw-body';

/**
 * The route takes its body as bytes of `type` instead of JSON: the edge lets that type through to
 * it alone (415 elsewhere, and for any other type here), the parser hands the handler a Buffer,
 * within the route's @BodyLimit (413 beyond), and the served document says so.
 */
export function RawBody(type: RawBodyType, description: string): MethodDecorator {
  return applyDecorators(
    (_target: object, _key: string | symbol, descriptor: PropertyDescriptor) => {
      Reflect.defineMetadata(RAW_BODY, type, descriptor.value as object);
      return descriptor;
    },
    ApiConsumes(type),
    ApiBody({ description, required: true, schema: { type: 'string', format: 'binary' } }),
  );
}
