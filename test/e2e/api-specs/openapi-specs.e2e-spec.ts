import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bombs } from '@docs/api-specs/testing';
import { orgWithPeople } from '../organizations/fixtures/org-members';
import { watchingHealth } from '../support/responsiveness';
import { AnswerSchemas } from '../support/answer-schemas';
import { expectValidAnswer } from '../support/content-world';
import { collectAll, expectError, HttpResult, TestApp } from '../support/test-app';

const T = {
  list: '/v1/orgs/{organizationId}/openapi',
  spec: '/v1/orgs/{organizationId}/openapi/{specSlug}',
  versions: '/v1/orgs/{organizationId}/openapi/{specSlug}/versions',
  latest: '/v1/orgs/{organizationId}/openapi/{specSlug}/versions/latest',
  latestContent: '/v1/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content',
  latestRaw: '/v1/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content/raw',
  version: '/v1/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}',
  versionContent: '/v1/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content',
};

const yamlSpec = (version: string, extra = '') => `openapi: 3.0.3
info:
  title: Pets
  version: "${version}"
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        "200":
          description: The pets
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: '#/components/schemas/Pet'
${extra}components:
  schemas:
    Pet:
      type: object
      properties:
        name:
          type: string
`;

const jsonSpec = (version: string) => JSON.stringify({ openapi: '3.1.0', info: { title: 'Text', version }, paths: {} });

/** The fixture server: path -> what it answers; `/hang` answers only when released. */
class Fixture {
  readonly routes = new Map<string, { status?: number; type?: string; body: string }>();
  private server!: Server;
  private held: ServerResponse[] = [];
  hanging = true;
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/hang' && this.hanging) {
        this.held.push(res);
        return;
      }
      const route = this.routes.get(req.url ?? '');
      if (!route) {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'application/yaml' }).end(route.body);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** Polls the spec until it is complete. */
/** How long a spec's background processing may take before a test gives up on it: a guard against a hang, not a bound. */
const PROCESSING_GUARD_MS = 60_000;

async function completed(app: TestApp, path: string, token?: string): Promise<any> {
  for (const deadline = Date.now() + PROCESSING_GUARD_MS; Date.now() < deadline; ) {
    const res = await app.get(path, token);
    if (res.status === 200 && res.body.processingState === 'complete') return res.body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} never completed`);
}

async function until(app: TestApp, path: string, state: string): Promise<void> {
  for (const deadline = Date.now() + PROCESSING_GUARD_MS; Date.now() < deadline; ) {
    if ((await app.get(path)).body.processingState === state) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} never reached ${state}`);
}

describe('OpenAPI specs', () => {
  const fixture = new Fixture();
  let app: TestApp;
  let schemas: AnswerSchemas;
  let people: Awaited<ReturnType<typeof orgWithPeople>>;
  let org: string;
  const valid = (method: string, template: string, res: HttpResult, gitbook?: string) =>
    expectValidAnswer(schemas, method, template, res, gitbook);

  beforeAll(async () => {
    await fixture.start();
    // A generous timeout: the fixture answers from this (busy) worker. The timeout's own test has an app of its own.
    app = await TestApp.start({ outboundAllowHosts: ['127.0.0.1'], outboundTimeoutMs: 30_000 });
    schemas = await AnswerSchemas.load(app.url);
    people = await orgWithPeople(app, 'specs');
    org = `/v1/orgs/${people.organizationId}/openapi`;
  });
  afterAll(async () => {
    await app.stop();
    await fixture.stop();
  });

  it('creates a spec from a URL (201, pending), processes it in the background into a version, and reads it back', async () => {
    fixture.routes.set('/pets.yaml', { body: yamlSpec('1.0.0') });
    const url = `${fixture.origin}/pets.yaml`;
    const res = await app.post(org, { slug: 'pets', source: { url } });
    expect(res.status).toBe(201);
    valid('POST', T.list, res, 'OpenAPISpec');
    expect(res.body).toEqual({
      object: 'openapi-spec',
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      slug: 'pets',
      sourceURL: url,
      processingState: 'pending',
      lastProcessedErrorCount: 0,
      permissions: { view: true, edit: true },
      urls: { location: `http://api.test${org}/pets`, app: `http://app.test/o/${people.organizationId}/openapi/pets` },
    });
    expect(res.headers.get('location')).toBe(`http://api.test${org}/pets`);

    const done = await completed(app, `${org}/pets`);
    expect(done).toMatchObject({ processingState: 'complete', lastVersion: '1.0.0', lastProcessedAt: expect.any(String) });
    expect(done.lastProcessErrorCode).toBeUndefined();
    const got = await app.get(`${org}/pets`);
    valid('GET', T.spec, got, 'OpenAPISpec');

    const versions = await app.get(`${org}/pets/versions`);
    valid('GET', T.versions, versions, 'OpenAPISpecVersion');
    expect(versions.body.count).toBe(1);
    const [version] = versions.body.items;
    expect(version).toEqual({
      object: 'openapi-spec-version',
      id: expect.any(String),
      createdAt: expect.any(String),
      url,
      urls: { location: `http://api.test${org}/pets/versions/${version.id}` },
    });

    const latest = await app.get(`${org}/pets/versions/latest`);
    valid('GET', T.latest, latest, 'OpenAPISpecVersion');
    expect(latest.body).toEqual(version);
    const byId = await app.get(`${org}/pets/versions/${version.id}`);
    valid('GET', T.version, byId, 'OpenAPISpecVersion');
    expect(byId.body).toEqual(version);

    const content = await app.get(`${org}/pets/versions/latest/content`);
    valid('GET', T.latestContent, content, 'OpenAPISpecContent');
    const document = content.body.filesystem['openapi.json'];
    expect(document.info).toEqual({ title: 'Pets', version: '1.0.0' });
    // Dereferenced: the $ref is replaced by the schema.
    expect(document.paths['/pets'].get.responses['200'].content['application/json'].schema.items).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
    });
    expect(content.body.urls).toEqual({ source: url, public: null });
    valid('GET', T.versionContent, await app.get(`${org}/pets/versions/${version.id}/content`), 'OpenAPISpecContent');

    const raw = await app.get(`${org}/pets/versions/latest/content/raw`);
    valid('GET', T.latestRaw, raw, 'OpenAPISpecRawContent');
    expect(raw.body).toEqual({ text: yamlSpec('1.0.0'), format: 'yaml' });
  });

  it('stores a second version when the document changes, and none when it does not (content-addressed)', async () => {
    fixture.routes.set('/v.yaml', { body: yamlSpec('1.0.0') });
    const url = `${fixture.origin}/v.yaml`;
    expect((await app.post(org, { slug: 'versioned', source: { url } })).status).toBe(201);
    await completed(app, `${org}/versioned`);
    const first = (await app.get(`${org}/versioned/versions/latest`)).body;

    // The same document spelled differently (a comment, another key order) is the same version.
    fixture.routes.set('/v.yaml', { body: `# reformatted\n${yamlSpec('1.0.0')}` });
    const again = await app.put(`${org}/versioned`, { source: { url } });
    expect(again.status).toBe(200);
    valid('PUT', T.spec, again, 'OpenAPISpec');
    expect(again.body.processingState).toBe('pending');
    await completed(app, `${org}/versioned`);
    expect((await app.get(`${org}/versioned/versions`)).body.count).toBe(1);

    fixture.routes.set('/v.yaml', {
      body: yamlSpec('2.0.0', '  /owners:\n    get:\n      responses:\n        "204":\n          description: none\n'),
    });
    expect((await app.put(`${org}/versioned`, { source: { url } })).status).toBe(200);
    const done = await completed(app, `${org}/versioned`);
    expect(done.lastVersion).toBe('2.0.0');
    const all = await collectAll(app, `${org}/versioned/versions?limit=1`);
    expect(all).toHaveLength(2);
    expect(all[1].id).toBe(first.id); // newest first
    const latest = (await app.get(`${org}/versioned/versions/latest`)).body;
    expect(latest.id).toBe(all[0].id);
    expect(latest.id).not.toBe(first.id);
    expect((await app.get(`${org}/versioned/versions/${first.id}/content`)).body.filesystem['openapi.json'].info.version).toBe('1.0.0');
    expect((await app.get(`${org}/versioned/versions/latest/content`)).body.filesystem['openapi.json'].paths['/owners']).toBeDefined();
  });

  it('creates a spec from text (JSON), and PUT creates a spec that does not exist', async () => {
    const res = await app.post(org, { slug: 'from-text', source: { text: jsonSpec('0.1.0') } });
    expect(res.status).toBe(201);
    expect(res.body.sourceURL).toBeUndefined();
    const done = await completed(app, `${org}/from-text`);
    expect(done.lastVersion).toBe('0.1.0');
    const version = (await app.get(`${org}/from-text/versions/latest`)).body;
    expect(version.url).toBe(`http://api.test${org}/from-text/versions/${version.id}/content`);
    expect((await app.get(`${org}/from-text/versions/latest/content/raw`)).body).toEqual({ text: jsonSpec('0.1.0'), format: 'json' });

    const put = await app.put(`${org}/put-created`, { source: { text: yamlSpec('3.0.0') } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ slug: 'put-created', processingState: 'pending' });
    expect((await completed(app, `${org}/put-created`)).lastVersion).toBe('3.0.0');
  });

  it('records PARSE_ERROR for a document that is not OpenAPI, and FETCH_ERROR for an error status', async () => {
    expect((await app.post(org, { slug: 'broken', source: { text: 'openapi: [unclosed' } })).status).toBe(201);
    const broken = await completed(app, `${org}/broken`);
    expect(broken).toMatchObject({
      lastProcessErrorCode: 'PARSE_ERROR',
      lastProcessedErrorCount: 1,
      lastProcessedErrors: [{ code: 'PARSE_ERROR', message: expect.stringMatching(/YAML/) }],
    });
    expect(broken.lastVersion).toBeUndefined();
    valid('GET', T.spec, await app.get(`${org}/broken`), 'OpenAPISpec');
    expectError(await app.get(`${org}/broken/versions/latest`), 404);
    expect((await app.get(`${org}/broken/versions`)).body).toEqual({ count: 0, items: [] });

    await app.post(org, { slug: 'not-openapi', source: { text: '{"info": {"title": "x", "version": "1"}}' } });
    expect((await completed(app, `${org}/not-openapi`)).lastProcessErrorCode).toBe('PARSE_ERROR');
    await app.post(org, {
      slug: 'bad-ref',
      source: { text: JSON.stringify({ openapi: '3.0.0', info: { title: 'x', version: '1' }, paths: { '/a': { $ref: '#/nowhere' } } }) },
    });
    expect((await completed(app, `${org}/bad-ref`)).lastProcessedErrors[0].message).toMatch(/does not resolve/);

    fixture.routes.set('/gone.yaml', { status: 500, body: 'boom' });
    await app.post(org, { slug: 'gone', source: { url: `${fixture.origin}/gone.yaml` } });
    expect((await completed(app, `${org}/gone`)).lastProcessErrorCode).toBe('FETCH_ERROR');

    // A fixed document clears the error.
    await app.put(`${org}/broken`, { source: { text: yamlSpec('1.1.0') } });
    const fixed = await completed(app, `${org}/broken`);
    expect(fixed.lastProcessErrorCode).toBeUndefined();
    expect(fixed.lastProcessedErrorCount).toBe(0);
  });

  it.each([
    ['a YAML billion laughs', 'laughs', bombs.yamlLaughs(), /expands to more than \d+ values/],
    ['$refs doubling 40 times', 'doubling', bombs.refDoubling(), /\$ref references expand to more than \d+ values/],
    ['JSON nested 10,000 deep', 'deep-json', bombs.deepJson(), /deeper than \d+ levels/],
    ['YAML nested 10,000 deep', 'deep-yaml', bombs.deepYaml(), /deeper than \d+ levels|nest/],
  ])('records PARSE_ERROR for %s within seconds, while /health keeps answering', async (_what, slug, text, reason) => {
    const watched = await watchingHealth(app.url, async () => {
      expect((await app.post(org, { slug, source: { text } })).status).toBe(201);
      return completed(app, `${org}/${slug}`);
    });
    expect(watched.result).toMatchObject({
      lastProcessErrorCode: 'PARSE_ERROR',
      lastProcessedErrors: [{ code: 'PARSE_ERROR', message: expect.stringMatching(reason) }],
    });
    expect(watched.elapsedMs).toBeLessThan(10_000 * watched.loadFactor);
    expect(watched.polls).toBeGreaterThan(0);
    expect(watched.maxHeldMs).toBeLessThan(watched.heldLimitMs);
  });

  it('records FETCH_TIMEOUT when the server does not answer in time', async () => {
    // A second app with a 1 s timeout: /hang never answers while hanging, so it times out however busy the machine.
    const impatient = await TestApp.start({ outboundAllowHosts: ['127.0.0.1'], outboundTimeoutMs: 1000 });
    try {
      const { body: created } = await impatient.post('/v1/orgs', { title: 'Impatient' });
      const path = `/v1/orgs/${created.id}/openapi`;
      expect((await impatient.post(path, { slug: 'slow', source: { url: `${fixture.origin}/hang` } })).status).toBe(201);
      expect((await completed(impatient, `${path}/slow`)).lastProcessErrorCode).toBe('FETCH_TIMEOUT');
    } finally {
      await impatient.stop();
    }
  });

  it('records FETCH_ERROR when the outbound guard refuses the host (no allowlist)', async () => {
    const guarded = await TestApp.start();
    try {
      fixture.routes.set('/ok.yaml', { body: yamlSpec('1.0.0') });
      const { body: created } = await guarded.post('/v1/orgs', { title: 'Guarded' });
      const path = `/v1/orgs/${created.id}/openapi`;
      expect((await guarded.post(path, { slug: 'local', source: { url: `${fixture.origin}/ok.yaml` } })).status).toBe(201);
      const done = await completed(guarded, `${path}/local`);
      expect(done.lastProcessErrorCode).toBe('FETCH_ERROR');
      expect(done.lastProcessedErrors[0].message).not.toContain('127.0.0.1 resolves');
    } finally {
      await guarded.stop();
    }
  });

  it('validates slugs and sources (400) and refuses a slug taken in the organization (409)', async () => {
    for (const slug of ['', 'Upper', 'a--b', '-a', 'a_b', 'x'.repeat(101)])
      expectError(await app.post(org, { slug, source: { text: 'x' } }), 400, /slug/);
    expectError(await app.post(org, { source: { text: 'x' } }), 400, /slug/);
    expectError(await app.post(org, { slug: 'ok' }), 400, /source/);
    expectError(await app.post(org, { slug: 'ok', source: {} }), 400, /source/);
    expectError(await app.post(org, { slug: 'ok', source: { url: 'http://x.test/a', text: 'y' } }), 400, /source/);
    expectError(await app.post(org, { slug: 'ok', source: { text: '' } }), 400, /text/);
    expectError(await app.post(org, { slug: 'ok', source: { url: 'ftp://x.test/a' } }), 400, /url/);
    expectError(await app.post(org, { slug: 'ok', source: { url: 'x'.repeat(2049) } }), 400, /url/);
    expectError(await app.post(org, { slug: 'ok', source: { text: 'x', extra: 1 } }), 400);
    expectError(await app.put(`${org}/Not_A_Slug`, { source: { text: 'x' } }), 400, /slug/);
    expect((await app.post(org, { slug: 'taken', source: { text: jsonSpec('1') } })).status).toBe(201);
    expectError(await app.post(org, { slug: 'taken', source: { text: jsonSpec('2') } }), 409, /taken|exists/);
    // Another organization may use the slug.
    const other = (await app.post('/v1/orgs', { title: 'Other' })).body.id;
    expect((await app.post(`/v1/orgs/${other}/openapi`, { slug: 'taken', source: { text: jsonSpec('1') } })).status).toBe(201);
  });

  it('lists specs with pagination, and DELETE answers 205 and removes the spec and its versions', async () => {
    const all = await collectAll(app, `${org}?limit=2`);
    const res = await app.get(`${org}?limit=2`);
    valid('GET', T.list, res, 'OpenAPISpec');
    expect(res.body.count).toBe(all.length);
    expect(all.length).toBeGreaterThan(3);
    expect(new Set(all.map((s) => s.slug)).size).toBe(all.length);

    await app.post(org, { slug: 'doomed', source: { text: jsonSpec('1') } });
    await completed(app, `${org}/doomed`);
    const del = await app.delete(`${org}/doomed`);
    expect(del.status).toBe(205);
    valid('DELETE', T.spec, del);
    expectError(await app.get(`${org}/doomed`), 404);
    expectError(await app.get(`${org}/doomed/versions`), 404);
    expectError(await app.delete(`${org}/doomed`), 404);
    expect((await collectAll(app, org)).map((s) => s.slug)).not.toContain('doomed');
    // Created again, it starts afresh.
    expect((await app.post(org, { slug: 'doomed', source: { text: jsonSpec('2') } })).status).toBe(201);
    await completed(app, `${org}/doomed`);
    expect((await app.get(`${org}/doomed/versions`)).body.count).toBe(1);
  });

  it('answers 404 for unknown specs and versions', async () => {
    expectError(await app.get(`${org}/nope`), 404);
    expectError(await app.get(`${org}/nope/versions/latest/content`), 404);
    expectError(await app.get(`${org}/pets/versions/unknown`), 404);
    expectError(await app.get(`${org}/pets/versions/unknown/content`), 404);
    expectError(await app.put(`${org}/x`, {}), 400, /source/);
  });

  it('enforces the permission matrix: members with a role read, create or more write, guests 403, outsiders 404', async () => {
    const people2 = await orgWithPeople(app, 'specperm');
    const path = `/v1/orgs/${people2.organizationId}/openapi`;
    await app.post(path, { slug: 'shared', source: { text: jsonSpec('1') } });
    const { newPerson, joinOrg } = await import('../organizations/fixtures/org-members');
    const creator = await newPerson(app, 'Cree');
    await joinOrg(app, people2.organizationId, creator, 'create');
    const cases: [string, string | null, number, number][] = [
      // who, token, read status, write status
      ['admin', people2.admin.token, 200, 201],
      ['create', creator.token, 200, 201],
      ['read', people2.member.token, 200, 403],
      ['guest', people2.guest.token, 403, 403],
      ['outsider', people2.outsider.token, 404, 404],
      ['anonymous', null, 401, 401],
    ];
    for (const [who, token, read, write] of cases) {
      const got = await app.get(`${path}/shared`, token);
      expect([who, got.status]).toEqual([who, read]);
      expect([who, (await app.get(path, token)).status]).toEqual([who, read]);
      expect([who, (await app.get(`${path}/shared/versions`, token)).status]).toEqual([who, read]);
      if (read === 200) expect([who, got.body.permissions]).toEqual([who, { view: true, edit: write === 201 }]);
      const created = await app.post(path, { slug: `by-${who}`, source: { text: jsonSpec('1') } }, token);
      expect([who, created.status]).toEqual([who, write]);
      expect([who, (await app.put(`${path}/shared`, { source: { text: jsonSpec('2') } }, token)).status]).toEqual([
        who,
        write === 201 ? 200 : write,
      ]);
      if (write !== 201) expect([who, (await app.delete(`${path}/shared`, token)).status]).toEqual([who, write]);
    }
    expect((await app.delete(`${path}/by-create`, creator.token)).status).toBe(205);
  });
});

describe('OpenAPI specs across a restart', () => {
  it('processes again at start-up a spec a stopped server left in progress', async () => {
    const fixture = new Fixture();
    await fixture.start();
    fixture.routes.set('/hang', { body: yamlSpec('9.0.0') });
    const dataDir = mkdtempSync(join(tmpdir(), 'docs-e2e-specs-'));
    let running = await TestApp.start({ dataDir, outboundAllowHosts: ['127.0.0.1'], outboundTimeoutMs: 60_000 });
    try {
      const { body: created } = await running.post('/v1/orgs', { title: 'Restart' });
      const path = `/v1/orgs/${created.id}/openapi`;
      expect((await running.post(path, { slug: 'crash', source: { url: `${fixture.origin}/hang` } })).status).toBe(201);
      await until(running, `${path}/crash`, 'progress');
      const mongoDb = running.config.mongoDb;
      await running.stop();
      fixture.hanging = false;
      running = await TestApp.start({ dataDir, mongoDb, outboundAllowHosts: ['127.0.0.1'] });
      const done = await completed(running, `${path}/crash`);
      expect(done).toMatchObject({ lastVersion: '9.0.0' });
      expect(done.lastProcessErrorCode).toBeUndefined();
    } finally {
      await running.stop();
      await fixture.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
