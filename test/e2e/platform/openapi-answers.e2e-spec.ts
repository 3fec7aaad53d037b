import { AnswerSchemas, expectDocumentedAnswer, OpenApiDocument } from '../support/answer-schemas';
import { TestApp } from '../support/test-app';

/**
 * Live answers of a representative set of routes match the response schemas of the served OpenAPI
 * document (the @Answers of each route, libs/organizations/src/http/responses). Undocumented fields
 * fail, so a presenter and its response class cannot drift apart.
 */
describe('live answers match the served OpenAPI document', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  const expectDocumented = (method: string, path: string, result: { status: number; body: unknown }) =>
    expectDocumentedAnswer(schemas, method, path, result);

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
  });
  afterAll(() => app.stop());

  it('organizations, members, teams and the user', async () => {
    const created = await app.post('/v1/orgs', { title: 'Documented Docs', emailDomains: ['documented.test'] });
    expect(created.status).toBe(201);
    expectDocumented('POST', '/v1/orgs', created);
    const org = `/v1/orgs/${created.body.id}`;

    const fetched = await app.get(org);
    expect(fetched.status).toBe(200);
    expectDocumented('GET', '/v1/orgs/{organizationId}', fetched);

    const members = await app.get(`${org}/members`);
    expect(members.status).toBe(200);
    expectDocumented('GET', '/v1/orgs/{organizationId}/members', members);

    const team = await app.put(`${org}/teams`, { title: 'Writers' });
    expect(team.status).toBe(201);
    expectDocumented('PUT', '/v1/orgs/{organizationId}/teams', team);

    const teams = await app.get(`${org}/teams?limit=1`);
    expect(teams.status).toBe(200);
    expectDocumented('GET', '/v1/orgs/{organizationId}/teams', teams);

    const user = await app.get('/v1/user');
    expect(user.status).toBe(200);
    expectDocumented('GET', '/v1/user', user);

    const removed = await app.delete(`${org}/teams/${team.body.id}`);
    expect(removed.status).toBe(204);
    expectDocumented('DELETE', '/v1/orgs/{organizationId}/teams/{teamId}', removed);
  });

  it('error answers', async () => {
    const missing = await app.get('/v1/orgs/unknownOrganization0');
    expect(missing.status).toBe(404);
    expectDocumented('GET', '/v1/orgs/{organizationId}', missing);

    const anonymous = await app.get('/v1/user', null);
    expect(anonymous.status).toBe(401);
    expectDocumented('GET', '/v1/user', anonymous);

    const invalid = await app.post('/v1/orgs', { title: 'x' });
    expect(invalid.status).toBe(400);
    expectDocumented('POST', '/v1/orgs', invalid);
  });
});

/** The helper itself, on a small document, whatever the routes declare. */
describe('AnswerSchemas', () => {
  const document: OpenApiDocument = {
    paths: {
      '/things/{thingId}': {
        get: {
          responses: {
            200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
            404: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
            default: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
          },
        },
        delete: { responses: { 204: { description: 'No Content' } } },
      },
      '/things/mine': { get: { responses: { 200: { description: '' } } } },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          required: ['id', 'role', 'owner'],
          properties: {
            id: { type: 'string' },
            role: { type: 'string', enum: ['admin', 'read'], nullable: true },
            owner: { nullable: true, type: 'object', allOf: [{ $ref: '#/components/schemas/Owner' }] },
            at: { type: 'string', format: 'date-time' },
          },
        },
        Owner: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        ErrorBody: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'integer' }, message: { type: 'string' } },
            },
          },
        },
      },
    },
  };
  const schemas = new AnswerSchemas(document);
  const get = (body: unknown, status = 200) => schemas.problems({ method: 'GET', path: '/things/t1', status, body });

  it('reads nullable as also null, through enums and $ref compositions', () => {
    expect(get({ id: 't1', role: null, owner: null })).toEqual([]);
    expect(get({ id: 't1', role: 'read', owner: { name: 'Ann' }, at: '2024-05-01T10:00:00.000Z' })).toEqual([]);
    expect(get({ id: 't1', role: 'owner', owner: null })).toEqual([
      expect.stringContaining('/role must be equal to one of the allowed values'),
    ]);
    expect(get({ id: 't1', role: null, owner: { name: 1 } })).not.toEqual([]);
    expect(get({ id: 't1', role: null, owner: null, at: 'yesterday' })).toEqual([expect.stringContaining('/at must match format')]);
  });

  it('refuses undocumented properties, at any depth', () => {
    expect(get({ id: 't1', role: null, owner: null, extra: 1 })).toEqual([expect.stringContaining('must NOT have additional properties')]);
    expect(get({ id: 't1', role: null, owner: { name: 'Ann', extra: 1 } })).not.toEqual([]);
  });

  it('checks error answers against their status or the default response, with error.code equal to the status', () => {
    expect(get({ error: { code: 404, message: 'no such thing' } }, 404)).toEqual([]);
    expect(get({ error: { code: 408, message: 'too slow' } }, 408)).toEqual([]);
    expect(get({ error: { code: 400, message: 'oops' } }, 404)).toEqual([expect.stringContaining('error.code is 400')]);
    expect(get({ oops: true }, 404)).not.toEqual([]);
  });

  it('wants empty answers empty', () => {
    const del = (body: unknown) => schemas.problems({ method: 'DELETE', path: '/things/{thingId}', status: 204, body });
    expect(del(undefined)).toEqual([]);
    expect(del({ id: 't1' })).toEqual([expect.stringContaining('has none')]);
  });

  it('matches concrete paths to templates, literal segments first', () => {
    expect(schemas.templateOf('GET', '/things/mine?limit=1')).toBe('/things/mine');
    expect(schemas.templateOf('GET', '/things/t1')).toBe('/things/{thingId}');
    expect(schemas.templateOf('GET', '/things/mine/')).toBe('/things/mine');
    expect(() => schemas.templateOf('GET', '/things/')).toThrow('no operation GET /things');
    expect(() => schemas.templateOf('PATCH', '/things/t1')).toThrow('no operation PATCH /things/t1');
  });

  it('fails clearly where the document has no schema', () => {
    expect(() => get({}, 201)).toThrow('no response schema for GET /things/{thingId} (status 201');
    expect(() => schemas.problems({ method: 'GET', path: '/things/mine', status: 200, body: {} })).toThrow(
      'no response schema for GET /things/mine (status 200: the document declares no body)',
    );
  });
});
