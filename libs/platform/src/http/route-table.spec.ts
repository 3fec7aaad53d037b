import { Controller, Get, Post, Query } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { RouteTable } from './route-table';

@Controller('v1/things')
class ThingsController {
  @Get(':thingId')
  get(@Query() _query: object) {
    return null;
  }

  @Post()
  create() {
    return null;
  }
}

/** A route table of one controller, as Nest's modules container lists it. */
function table(): RouteTable {
  const modules = new Map([['things', { controllers: new Map([['ThingsController', { metatype: ThingsController }]]) }]]);
  return RouteTable.fromNest(modules as unknown as ModulesContainer);
}

describe('the route table the HTTP edge reads', () => {
  it("finds a Nest route's traits by the router's pattern, as registered or with extra slashes", () => {
    const routes = table();
    expect(routes.lookup('GET', '/v1/things/:thingId')).toEqual({ public: false, takesBody: false, takesQuery: true });
    for (let i = 0; i < 2; i++) expect(routes.lookup('POST', 'v1/things/')).toEqual({ public: false, takesBody: false, takesQuery: false });
    expect(routes.lookup('GET', undefined)).toBeUndefined();
  });

  it('answers undefined for a pattern Nest does not own, every time it is asked, and still finds the others', () => {
    const routes = table();
    for (let i = 0; i < 3; i++) expect(routes.lookup('GET', '/sites/:organizationId/:name/*')).toBeUndefined();
    // Unowned for one method only: POST of the things' pattern is Nest's.
    expect(routes.lookup('GET', '/v1/things')).toBeUndefined();
    expect(routes.lookup('POST', '/v1/things')).toEqual({ public: false, takesBody: false, takesQuery: false });
    expect(routes.lookup('GET', '/v1/things')).toBeUndefined();
  });
});
