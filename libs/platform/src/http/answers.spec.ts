import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiProperty, OpenAPIObject } from '@nestjs/swagger';
import { Public } from '../auth/caller';
import { openApiDocumentOf } from '../testing/openapi-document';
import { Answers } from './answers';

class Thing {
  @ApiProperty({ type: String }) id!: string;
}

class ThingBody {
  @ApiProperty({ type: String }) title!: string;
}

@Controller('things')
class ThingsController {
  @Answers.list(Thing)
  @Get()
  list() {}

  @Answers(Thing, { location: true })
  @Post()
  create(@Body() _body: ThingBody) {}

  // Below the route decorators as well as above them.
  @Post(':thingId/touch')
  @HttpCode(200)
  @Answers(Thing, { status: 200 })
  touch(@Param('thingId') _id: string) {}

  @Answers.empty()
  @Put(':thingId')
  @HttpCode(204)
  replace(@Body() _body: ThingBody) {}

  @Delete(':thingId')
  @HttpCode(205)
  @Answers(null)
  remove() {}

  @Public()
  @Get('public/count')
  @Answers(Thing)
  count() {}
}

describe('@Answers', () => {
  let document: OpenAPIObject;
  beforeAll(async () => (document = await openApiDocumentOf([ThingsController])));

  const responses = (path: string, method: 'get' | 'post' | 'put' | 'delete') =>
    document.paths[path]![method]!.responses as Record<string, any>;
  const jsonSchema = (response: any) => response.content?.['application/json']?.schema;

  it('takes the success status from @HttpCode or the method, and the schema from the class', () => {
    expect(jsonSchema(responses('/things', 'post')['201'])).toEqual({ $ref: '#/components/schemas/Thing' });
    expect(responses('/things', 'post')['201'].headers.Location.schema).toEqual({ type: 'string', format: 'uri' });
    expect(jsonSchema(responses('/things/{thingId}/touch', 'post')['200'])).toEqual({ $ref: '#/components/schemas/Thing' });
    expect(responses('/things/{thingId}', 'put')['204']).toEqual({ description: 'No Content' });
    expect(responses('/things/{thingId}', 'delete')['205']).toEqual({ description: 'Reset Content' });
  });

  it("describes a list as pagination's envelope", () => {
    expect(jsonSchema(responses('/things', 'get')['200'])).toMatchObject({
      type: 'object',
      required: ['items', 'count'],
      properties: {
        items: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
        count: { type: 'integer' },
        next: { required: ['page'] },
      },
    });
  });

  it('adds the ErrorBody answers the platform gives: writes and bodies have more', () => {
    const errors = (r: Record<string, any>) =>
      Object.keys(r)
        .filter((s) => !s.startsWith('2'))
        .sort();
    expect(errors(responses('/things', 'get'))).toEqual(['400', '401', '403', '404', '415', 'default']);
    expect(errors(responses('/things/public/count', 'get'))).toEqual(['400', '403', '404', '415', 'default']);
    expect(errors(responses('/things/{thingId}/touch', 'post'))).toEqual([
      '400',
      '401',
      '403',
      '404',
      '409',
      '415',
      '422',
      '503',
      'default',
    ]);
    expect(errors(responses('/things', 'post'))).toEqual(['400', '401', '403', '404', '409', '413', '415', '422', '503', 'default']);
    for (const [status, response] of Object.entries(responses('/things', 'post'))) {
      if (!status.startsWith('2')) expect(jsonSchema(response)).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    }
    expect(document.components!.schemas!.ErrorBody).toMatchObject({ required: ['error'] });
  });

  it('refuses what it cannot document truthfully, once the class is defined', () => {
    const queued: (() => void)[] = [];
    const spy = jest.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) => void queued.push(task));
    /** Decorates a method (listed top to bottom, applied bottom-up) and runs what @Answers deferred. */
    const define =
      (...decorators: MethodDecorator[]) =>
      () => {
        class Probe {
          handler() {}
        }
        const descriptor = Object.getOwnPropertyDescriptor(Probe.prototype, 'handler')!;
        for (const decorate of [...decorators].reverse()) decorate(Probe.prototype, 'handler', descriptor);
        for (const task of queued.splice(0)) task();
      };
    try {
      expect(define(Answers(Thing), Get())).not.toThrow();
      expect(define(Get(), HttpCode(201), Answers(Thing, { status: 201 }))).not.toThrow();
      expect(define(Answers(Thing))).toThrow('@Answers on Probe.handler: not a route');
      expect(define(Post(), HttpCode(200), Answers(Thing, { status: 201 }))).toThrow('status 201, but the route answers @HttpCode(200)');
      expect(define(Delete(), HttpCode(204), Answers(Thing))).toThrow('a 204 answer has no body: use @Answers.empty(204)');
      expect(define(Get(), Answers(null))).toThrow('an answer without a body is 204 or 205, not 200');
    } finally {
      spy.mockRestore();
    }
  });
});
