import { expectError, TestApp } from '../support/test-app';

describe('HTTP conventions', () => {
  let app: TestApp;
  beforeAll(async () => (app = await TestApp.start()));
  afterAll(() => app.stop());

  it('answers unknown routes with 404 and the error body, with or without a token', async () => {
    expectError(await app.get('/v1/does-not-exist'), 404);
    expectError(await app.get('/nowhere', null), 404);
    expectError(await app.request('DELETE', '/v1/orgs'), 404);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await app.request('POST', '/v1/orgs', { rawBody: '{"title":', headers: { 'content-type': 'application/json' } });
    expectError(res, 400, /JSON/i);
  });

  it('answers an empty JSON body on a route that needs one with 400', async () => {
    const res = await app.request('POST', '/v1/orgs', { rawBody: '', headers: { 'content-type': 'application/json' } });
    expectError(res, 400);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await app.request('POST', '/v1/orgs', { body: { title: 'x'.repeat(1024 * 1024 + 10) } });
    expectError(res, 413, /too large/i);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])('answers content type %s with 415', async (type) => {
    const res = await app.request('POST', '/v1/orgs', { rawBody: 'title=Acme', headers: { 'content-type': type } });
    expectError(res, 415, /content type|Media Type/i);
  });

  it('answers 401 before validating input, so callers without a token learn nothing', async () => {
    expectError(await app.request('POST', '/v1/orgs', { token: null, body: { bogus: 1 } }), 401);
  });

  it('rejects a malformed Idempotency-Key with 400', async () => {
    const res = await app.request('POST', '/v1/orgs', { body: { title: 'Acme' }, headers: { 'idempotency-key': 'x'.repeat(300) } });
    expectError(res, 400, /Idempotency-Key/);
  });

  it("echoes the request id, taking the client's X-Request-Id when given", async () => {
    const given = await app.request('GET', '/v1/user', { headers: { 'x-request-id': 'req-abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('req-abc-123');
    const generated = await app.get('/v1/user');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves /health and /ready without a token', async () => {
    const health = await app.get('/health', null);
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ready = await app.get('/ready', null);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', head: expect.any(String) });
    expect(ready.body.projections.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['users', 'organizations']));
    for (const p of ready.body.projections) expect(p).toMatchObject({ status: 'running', lag: 0 });
  });

  it('serves the generated OpenAPI document at /v1/openapi.json', async () => {
    const res = await app.get('/v1/openapi.json', null);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/v1/orgs', '/v1/orgs/{organizationId}', '/v1/user']));
    expect(res.body.paths['/v1/orgs'].post.operationId).toBe('createOrganization');
    expect(res.body.components.schemas.UpdateOrganizationBody.properties.title).toMatchObject({ minLength: 2, maxLength: 255 });
  });
});

describe('process roles', () => {
  it('a projector process serves only /health and /ready', async () => {
    const projector = await TestApp.start({ role: 'projector' });
    try {
      expect((await projector.get('/health', null)).status).toBe(200);
      expect((await projector.get('/ready', null)).body.projections.length).toBeGreaterThan(0);
      expectError(await projector.get('/v1/user'), 404, /projections only/);
    } finally {
      await projector.stop();
    }
  });
});

describe('an API-only replica (ROLE=api) beside a projector', () => {
  it('answers writes once the projector has applied them, and reads them back', async () => {
    const projector = await TestApp.start();
    const api = await TestApp.start({ role: 'api', dataDir: projector.config.dataDir });
    try {
      const created = await api.post('/v1/orgs', { title: 'Replica Org' });
      expect(created.status).toBe(201);
      expect(created.body.title).toBe('Replica Org');
      expect((await api.get(`/v1/orgs/${created.body.id}`)).body.title).toBe('Replica Org');
      expect((await projector.get(`/v1/orgs/${created.body.id}`)).body.title).toBe('Replica Org');
      expect((await api.get('/ready', null)).body.projections).toEqual([]);
    } finally {
      await api.stop();
      await projector.stop();
    }
  });
});
