import { Controller } from '@nestjs/common';
import { ApiProperty, OpenAPIObject } from '@nestjs/swagger';
import { openApiDocumentOf } from '../testing/openapi-document';
import { Endpoint, Operation } from './endpoint';

class Thing {
  @ApiProperty({ type: String }) id!: string;
}

@Controller('things')
class ThingsController {
  @Endpoint('GET', ':thingId', { answers: Thing })
  @Operation('getThing', 'Get a thing')
  get() {}

  // Above the @Endpoint as well as below it.
  @Operation('removeThing', 'Delete a thing')
  @Endpoint('DELETE', ':thingId', { status: 205, answers: null, deprecated: true })
  remove() {}

  @Endpoint('GET', 'public/:thingId', { answers: Thing, public: true })
  @Operation('getPublicThing', 'Get a thing without a token')
  getPublic() {}
}

describe('@Endpoint with @Operation', () => {
  let document: OpenAPIObject;
  beforeAll(async () => (document = await openApiDocumentOf([ThingsController])));

  it("documents the route's operation: GitBook's operationId, the summary, and what the route's options add", () => {
    const { paths } = document;
    expect(paths['/things/{thingId}']!.get).toMatchObject({ operationId: 'getThing', summary: 'Get a thing' });
    expect(paths['/things/{thingId}']!.delete).toMatchObject({ operationId: 'removeThing', summary: 'Delete a thing', deprecated: true });
    expect(paths['/things/public/{thingId}']!.get).toMatchObject({ operationId: 'getPublicThing', security: [] });
  });

  it('refuses a route whose operation is not named, once the class is defined', () => {
    expect(
      deferredBy(() => {
        class Unnamed {
          @Endpoint('GET', 'x', { answers: Thing })
          handler() {}
        }
        return Unnamed;
      }),
    ).toThrow("@Endpoint('GET', 'x') on Unnamed.handler: name its operation with @Operation(operationId, summary)");
  });
});

/** Runs `define` (which defines a class), and answers what its decorators left for once the class is defined, to run. */
function deferredBy(define: () => unknown): () => void {
  const deferred: (() => void)[] = [];
  const spy = jest.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) => void deferred.push(task));
  try {
    define();
  } finally {
    spy.mockRestore();
  }
  return () => {
    for (const task of deferred) task();
  };
}
