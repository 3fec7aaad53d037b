import fc from 'fast-check';
import { expectError, HttpResult, TestApp } from '../support/test-app';

/** The methods tried on each path: Fastify's, but TRACE (fetch refuses to send it). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'QUERY'];
const allowOf = (res: HttpResult) => (res.headers.get('allow') ?? '').split(', ').sort();

/** The methods the served document lists for every template matching `segments` (`{param}` takes any segment), HEAD with GET. */
function documentMethods(paths: Record<string, object>, segments: string[]): string[] {
  const served = new Set<string>();
  for (const [template, operations] of Object.entries(paths)) {
    const parts = template.split('/');
    if (parts.length !== segments.length || parts.some((part, i) => !part.startsWith('{') && part !== segments[i])) continue;
    for (const method of Object.keys(operations)) served.add(method.toUpperCase());
  }
  if (served.has('GET')) served.add('HEAD');
  return [...served].sort();
}

describe('HTTP conventions', () => {
  let app: TestApp;
  beforeAll(async () => (app = await TestApp.start()));
  afterAll(() => app.stop());

  it('answers unknown routes with 404 and the error body, with or without a token', async () => {
    expectError(await app.get('/v1/does-not-exist'), 404);
    expectError(await app.get('/nowhere', null), 404);
    expectError(await app.request('DELETE', '/v1/nowhere'), 404);
    expectError(await app.request('QUERY', '/v1/orgs/x/nowhere', { headers: { 'content-type': 'application/json' } }), 404);
  });

  it('answers a method a path does not serve with 405, the error body and Allow, with or without a token', async () => {
    const deleted = await app.request('DELETE', '/v1/orgs');
    expectError(deleted, 405, /^method DELETE is not allowed on \/v1\/orgs: it serves GET, HEAD, POST$/);
    expect(allowOf(deleted)).toEqual(['GET', 'HEAD', 'POST']);
    const put = await app.request('PUT', '/v1/orgs/someOrg?x=1', { token: null, body: { title: 'x' } });
    expectError(put, 405, /on \/v1\/orgs\/someOrg:/);
    expect(allowOf(put)).toEqual(['GET', 'HEAD', 'PATCH']);
    // QUERY, with or without a content type (Fastify's own answer without one is 400).
    for (const headers of [{}, { 'content-type': 'application/json' }] as Record<string, string>[]) {
      const query = await app.request('QUERY', '/v1/user', { headers });
      expectError(query, 405);
      expect(allowOf(query)).toEqual(['GET', 'HEAD']);
    }
    // HEAD where nothing is read: 405, no body.
    const head = await app.request('HEAD', '/v1/orgs/someOrg/ping');
    expect({ status: head.status, body: head.body, allow: allowOf(head) }).toEqual({ status: 405, body: undefined, allow: ['POST'] });
    // Routes outside the document too.
    expect(allowOf(await app.request('POST', '/v1/openapi.json', { token: null }))).toEqual(['GET', 'HEAD']);
    expect(allowOf(await app.request('DELETE', '/health', { token: null }))).toEqual(['GET', 'HEAD']);
    // A served method is still answered by its route.
    expect((await app.request('HEAD', '/v1/user')).status).toBe(200);
  });

  it("answers 405 with the document's methods in Allow for every method a documented path does not serve (property)", async () => {
    const { paths } = (await app.get('/v1/openapi.json', null)).body as { paths: Record<string, object> };
    const templates = Object.keys(paths);
    expect(templates.length).toBeGreaterThan(100);
    const segment = fc.stringMatching(/^[A-Za-z0-9]{8,20}$/);
    // Each run fills one template's parameters with generated values and tries every method it does not serve.
    const run = fc.asyncProperty(
      fc.constantFrom(...templates),
      fc.array(segment, { minLength: 8, maxLength: 8 }),
      fc.boolean(),
      async (template, values, withToken) => {
        let n = 0;
        const segments = template.split('/').map((part) => (part.startsWith('{') ? values[n++]! : part));
        const allowed = documentMethods(paths, segments);
        expect(allowed.length).toBeGreaterThan(0);
        for (const method of METHODS.filter((m) => !allowed.includes(m))) {
          const res = await app.request(method, segments.join('/'), { token: withToken ? undefined : null });
          expect({ template, method, status: res.status, allow: allowOf(res) }).toEqual({ template, method, status: 405, allow: allowed });
          if (method !== 'HEAD') expectError(res, 405, new RegExp(`^method ${method} is not allowed on `));
        }
      },
    );
    // Every template once (the examples), then as many runs on templates drawn at random.
    const examples = templates.map((template): [string, string[], boolean] => [template, Array(8).fill('Abcd1234efgh'), true]);
    await fc.assert(run, { examples, numRuns: templates.length, seed: 20_261_126 });
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
