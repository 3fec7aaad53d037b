import { exampleValue, fillPath, Operation, ServedApi, servedApi } from '../support/openapi-operations';
import { rawHttp, RawAnswer } from '../support/raw-http';
import { OWNER_TOKEN, TestApp } from '../support/test-app';

/**
 * Issue #23 (5): unknown and badly encoded query parameters were accepted on most routes, writes
 * and deletes included. Every operation of the served document refuses them with a 400 naming the
 * parameter: routes with a query class refuse what it does not declare, routes without one refuse
 * any parameter, and a query string that is not well-formed percent-encoded UTF-8 is refused on
 * every route.
 *
 * Order (decided in http-edge.ts): a malformed query string is a 400 before the token is looked at,
 * as a malformed path is; an unknown parameter is a 401 without a token, then a 400 before any
 * lookup, so the path parameters here are made up and nothing is created.
 */
describe('query parameters on every served operation', () => {
  let app: TestApp;
  let api: ServedApi;

  beforeAll(async () => {
    app = await TestApp.shared();
    api = await servedApi(app.url);
  });
  afterAll(() => app.stop());

  /** Made-up values for every path parameter: the 400 must come before anything looks them up. */
  const madeUp = (op: Operation) => Object.fromEntries(op.pathParams.map((name) => [name, `made-up-${name}`]));

  function send(op: Operation, query: string, token: string | null = OWNER_TOKEN): Promise<RawAnswer> {
    // A valid body where the route takes one, so what is wrong with the request is its query.
    const body = op.method === 'GET' ? undefined : JSON.stringify(op.body ? exampleValue(api, op.body) : {});
    return rawHttp(app.url, {
      method: op.method,
      path: `${fillPath(op, madeUp(op))}?${query}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined && op.body ? { body } : {}),
    });
  }

  /** What is wrong with an answer that should be a 400 naming `name` (empty when it is right). */
  function problem(answer: RawAnswer, status: number, name?: string): string[] {
    const message: unknown = answer.body?.error?.message;
    if (answer.status !== status || answer.body?.error?.code !== status) return [`${answer.status} ${answer.text.slice(0, 160)}`];
    if (name !== undefined && (typeof message !== 'string' || !message.includes(name)))
      return [`400 not naming ${name}: ${String(message)}`];
    return [];
  }

  it('walks every operation the issue counted (182), most of them without a query parameter, writes and deletes included', () => {
    expect(api.operations.length).toBeGreaterThanOrEqual(182);
    const without = api.operations.filter((op) => op.queryParams.length === 0);
    expect(without.length).toBeGreaterThan(100);
    expect(new Set(without.map((op) => op.method))).toEqual(new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
  });

  it('an unknown parameter is a 400 naming it on every operation, reads, writes and deletes', async () => {
    const findings: string[] = [];
    for (const op of api.operations) {
      // After a declared parameter where the route has one (without, the first parameter is the unknown one).
      const second = op.queryParams[0] ? `${op.queryParams[0]}=1&zzUnknown=1` : 'zzUnknown=1&zzUnknown=2';
      for (const query of ['zzUnknown=1', second, 'zzUnknown']) {
        for (const p of problem(await send(op, query), 400, 'zzUnknown')) findings.push(`${op.method} ${op.path}?${query}: ${p}`);
      }
    }
    expect(findings).toEqual([]);
  });

  it('a badly encoded name or value is a 400 naming the parameter on every operation, before the token is looked at', async () => {
    const findings: string[] = [];
    for (const op of api.operations) {
      const declared = op.queryParams[0] ?? 'search';
      const cases: [string, string][] = [
        [`${declared}=%ED%A0%80`, declared], // an encoded lone surrogate: not UTF-8
        [`${declared}=%ff`, declared], // not UTF-8 (Fastify's parser made it "NaNf")
        [`${declared}=%`, declared], // a lone %
        [`${declared}=%zz`, declared],
        ['zzUnknown=1&a=%', 'a'],
        ['%C0%AE=1', '%C0%AE'], // an overlong form as the name
      ];
      for (const [query, name] of cases) {
        for (const p of problem(await send(op, query), 400, name)) findings.push(`${op.method} ${op.path}?${query}: ${p}`);
      }
      for (const p of problem(await send(op, `${declared}=%ff`, null), 400, declared))
        findings.push(`${op.method} ${op.path}?${declared}=%ff without a token: ${p}`);
    }
    expect(findings).toEqual([]);
  });

  it('without a token an unknown parameter is a 401, as any request is', async () => {
    const findings: string[] = [];
    // Signed download URLs are their own credential: no token is needed, so nothing is a 401 there.
    const signed = new Set(['downloadPDF', 'downloadFile', 'downloadArchive']);
    for (const op of api.operations.filter((o) => !signed.has(o.id))) {
      for (const p of problem(await send(op, 'zzUnknown=1', null), 401)) findings.push(`${op.method} ${op.path}: ${p}`);
    }
    expect(findings).toEqual([]);
  });

  it('declared parameters still work, and an empty query string is no parameter', async () => {
    expect((await app.get('/v1/orgs?limit=1')).status).toBe(200);
    expect((await app.get('/v1/orgs?')).status).toBe(200);
    expect((await app.get('/v1/user?&')).status).toBe(200);
  });

  it('deliberate exceptions: the health checks and the OpenAPI document ignore unknown parameters, not bad encoding', async () => {
    for (const path of ['/health', '/ready', '/v1/openapi.json']) {
      expect({ path, status: (await rawHttp(app.url, { method: 'GET', path: `${path}?zzUnknown=1&t=1700000000` })).status }).toEqual({
        path,
        status: 200,
      });
      const bad = await rawHttp(app.url, { method: 'GET', path: `${path}?t=%ED%A0%80` });
      expect({ path, status: bad.status, message: bad.body?.error?.message }).toEqual({
        path,
        status: 400,
        message: expect.stringContaining('query parameter t'),
      });
    }
    // Unknown paths too: the URL is malformed before it is unknown.
    expect((await rawHttp(app.url, { method: 'GET', path: '/v1/nowhere?a=%ff' })).status).toBe(400);
  });
});
