import { connect, Socket } from 'node:net';
import { orgWithPeople } from '../organizations/fixtures/org-members';
import { expectError, OWNER_TOKEN, TestApp } from '../support/test-app';

/**
 * The HTTP edge as an attacker or a careless client meets it (issue #7): malformed bodies, paths,
 * queries and slow clients. Every answer keeps the `{ error: { code, message } }` body and a short
 * message; none of it reaches a handler, the event store or crashes the process.
 */

/** One raw HTTP/1.1 exchange, for what fetch will not send (slow bodies, odd bytes). */
function rawRequest(url: string, head: string): { socket: Socket; answer: Promise<string> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.write(head);
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
  });
  return { socket, answer };
}

function statusAndBody(raw: string): { status: number; body: any } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
  const text = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status, body };
}

describe('HTTP edge: malformed input', () => {
  let app: TestApp;
  let org: Awaited<ReturnType<typeof orgWithPeople>>;
  beforeAll(async () => {
    app = await TestApp.start();
    org = await orgWithPeople(app, 'edge');
  });
  afterAll(() => app.stop());

  const json = (body: string) => ({ rawBody: body, headers: { 'content-type': 'application/json' } });

  describe('deep nesting', () => {
    it('rejects a body nested deeper than the limit with 400, before validation (even inside an unknown field)', async () => {
      const deep = `{"title":"Acme","x":${'['.repeat(2000)}${']'.repeat(2000)}}`;
      expectError(await app.request('POST', '/v1/orgs', json(deep)), 400, /nested deeper than 32/);
      const deepObjects = `{"title":"Acme","x":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`;
      expectError(await app.request('POST', '/v1/orgs', json(deepObjects)), 400, /nested deeper than 32/);
    });

    it('counts brackets inside strings as text, not nesting', async () => {
      const res = await app.post('/v1/orgs', { title: `Brackets ${'['.repeat(100)}` });
      expect(res.status).toBe(201);
      expect(res.body.title).toBe(`Brackets ${'['.repeat(100)}`);
    });
  });

  describe('malformed Unicode and NUL bytes', () => {
    it('answers a lone surrogate in an e-mail with 400 naming the field', async () => {
      const res = await app.request('POST', `/v1/orgs/${org.organizationId}/invites`, json('{"emails":["\\ud800"]}'));
      expectError(res, 400, /emails\[0\].*(Unicode|UTF)/);
    });

    it('answers lone surrogates anywhere in a body, keys included, with 400', async () => {
      expectError(await app.request('POST', '/v1/orgs', json('{"title":"a\\udfffb"}')), 400, /^title: /);
      expectError(await app.request('POST', '/v1/orgs', json('{"\\ud800":"x"}')), 400, /Unicode/);
    });

    it('answers a NUL byte in a title with 400 naming the field', async () => {
      const res = await app.patch(`/v1/orgs/${org.organizationId}`, { title: 'Acme\u0000Inc' });
      expectError(res, 400, /^title: .*NUL/);
      expect((await app.get(`/v1/orgs/${org.organizationId}`)).body.title).toBe('Org edge');
    });

    it('answers NUL bytes in path parameters and query values with 400', async () => {
      expectError(await app.get(`/v1/orgs/${org.organizationId}%00`), 400, /organizationId.*NUL/);
      expectError(await app.get(`/v1/orgs/${org.organizationId}/members?search=a%00b`), 400, /search.*NUL/);
    });
  });

  describe('framework errors keep the error body', () => {
    it('answers a badly encoded path with 400', async () => {
      const res = await app.get('/v1/orgs/%ff');
      expectError(res, 400);
      expect(JSON.stringify(res.body)).not.toMatch(/FST_|statusCode/);
    });

    it('answers a 5,000-character path id with a short message', async () => {
      const res = await app.get(`/v1/orgs/${'a'.repeat(5000)}`);
      expect([404, 414]).toContain(res.status);
      expectError(res, res.status);
      expect(res.body.error.message.length).toBeLessThan(300);
    });

    it('answers a 17 KB query string with 431 and the error body', async () => {
      const res = await app.get(`/v1/orgs/${org.organizationId}/members?search=${'a'.repeat(17 * 1024)}`);
      expectError(res, 431, /header|too large/i);
    });

    it('routes a trailing slash like the path without it', async () => {
      const res = await app.get('/v1/orgs/');
      expect(res.status).toBe(200);
      expect(res.body.items.map((o: { id: string }) => o.id)).toContain(org.organizationId);
    });

    it('answers unknown routes with a message that quotes at most a short excerpt of the path', async () => {
      const res = await app.get(`/v1/${'z'.repeat(3000)}`);
      expectError(res, 404);
      expect(res.body.error.message.length).toBeLessThan(300);
    });
  });

  describe('routes that take no body', () => {
    it.each([
      ['ping', () => `/v1/orgs/${org.organizationId}/ping`],
      ['member SSO', () => `/v1/orgs/${org.organizationId}/members/${org.member.userId}/sso`],
      ['join with a link invite', () => `/v1/orgs/${org.organizationId}/invites/some-invite`],
    ])('reject any body on %s with 400', async (_name, path) => {
      const junk = JSON.stringify({ junk: 'x'.repeat(512 * 1024) });
      expectError(await app.request('POST', path(), json(junk)), 400, /takes no body/);
    });

    it('still answer without a body', async () => {
      const res = await app.request('POST', `/v1/orgs/${org.organizationId}/ping`);
      expect(res.status).toBe(200);
      expect(typeof res.body.serviceVisitorClaims).toBe('string');
    });
  });

  describe('query keys', () => {
    it.each(['hasOwnProperty', 'toString', 'constructor', '__proto__', 'valueOf'])(
      'rejects the unknown query key %s with 400',
      async (key) => {
        expectError(await app.get(`/v1/orgs/${org.organizationId}/members?${key}=1`), 400, new RegExp(`${key.replace(/_/g, '_')}`));
      },
    );

    it.each(['hasOwnProperty', 'toString', 'constructor'])('rejects the unknown body key %s with 400', async (key) => {
      expectError(await app.patch(`/v1/orgs/${org.organizationId}`, { [key]: 'x' }), 400, new RegExp(key));
    });

    it.each(['42', '"Acme"', '[{"title":"Acme"}]', 'null'])('rejects the body %s, which is not an object, with 400', async (body) => {
      expectError(await app.request('PATCH', `/v1/orgs/${org.organizationId}`, json(body)), 400, /^body must be a JSON object$/);
    });

    it.each(['constructor', 'prototype'])('rejects %s as a key anywhere in a body, where class-transformer would drop it', async (key) => {
      const res = await app.request('PUT', `/v1/orgs/${org.organizationId}/teams`, json(`{"title":"T","members":[],"x":{"${key}":1}}`));
      expectError(res, 400, new RegExp(`x: property ${key} is not allowed`));
    });

    it('rejects a __proto__ body key with 400', async () => {
      expectError(await app.request('PATCH', `/v1/orgs/${org.organizationId}`, json('{"__proto__":{"title":"x"}}')), 400, /__proto__/);
    });
  });

  describe('validation messages', () => {
    it('say one thing per bad field', async () => {
      const res = await app.patch(`/v1/orgs/${org.organizationId}`, { title: 'x' });
      expectError(res, 400, /^title/);
      expect(res.body.error.message).not.toContain(';');
    });

    it('name each bad field once when several are bad', async () => {
      const res = await app.patch(`/v1/orgs/${org.organizationId}`, { title: 'x', emailDomains: 7 });
      expectError(res, 400);
      expect(res.body.error.message.split('; ')).toHaveLength(2);
    });
  });
});

describe('HTTP edge: slow clients', () => {
  let app: TestApp;
  beforeAll(async () => (app = await TestApp.start({ requestTimeoutMs: 1500 })));
  afterAll(() => app.stop());

  it('answers 401 to a request without a token before its body has arrived', async () => {
    const { socket, answer } = rawRequest(
      app.url,
      'POST /v1/orgs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"title":',
    );
    // The rest of the body never comes: a server that waited for it would answer 408 at its request
    // timeout, so a 401 is proof enough that it answered early, whatever the machine's load.
    const early = await answer;
    socket.destroy();
    const { status, body } = statusAndBody(early);
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: 401, message: expect.any(String) } });
  });

  it('answers 408 with the error body when a body is sent too slowly', async () => {
    const { socket, answer } = rawRequest(
      app.url,
      `POST /v1/orgs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${OWNER_TOKEN}\r\nContent-Type: ` +
        `application/json\r\nContent-Length: 100\r\n\r\n{"ti`,
    );
    const timer = setInterval(() => socket.writable && socket.write(' '), 200);
    const started = Date.now();
    const raw = await answer;
    clearInterval(timer);
    expect(Date.now() - started).toBeLessThan(5000);
    const { status, body } = statusAndBody(raw);
    expect(status).toBe(408);
    expect(body).toEqual({ error: { code: 408, message: expect.stringMatching(/too long|time/i) } });
  });

  it('answers 408 when the headers never finish', async () => {
    const { answer } = rawRequest(app.url, 'GET /v1/user HTTP/1.1\r\nHost: x\r\n');
    const started = Date.now();
    const { status, body } = statusAndBody(await answer);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(status).toBe(408);
    expect(body).toEqual({ error: { code: 408, message: expect.any(String) } });
  });

  it('keeps serving others meanwhile', async () => {
    expect((await app.get('/v1/user')).status).toBe(200);
  });
});

describe('HTTP edge: requests take turns on the event loop', () => {
  let app: TestApp;
  beforeAll(async () => (app = await TestApp.shared()));

  it('a burst of requests arriving together does not hold timers back for its whole length', async () => {
    // Measured in the application's own process (its host), on the event loop it runs on.
    const burst = () => app.injectedBurst({ method: 'GET', url: '/v1/user', headers: { authorization: `Bearer ${OWNER_TOKEN}` } }, 400);
    await burst(); // warm
    const { statusCodes, totalMs: total, longestStallMs: stall } = await burst();
    expect(statusCodes.every((code) => code === 200)).toBe(true);
    expect(statusCodes).toHaveLength(400);
    // The burst takes tens of ms; in turns of 5 ms of work, timers run in between.
    expect(total).toBeGreaterThan(40);
    expect(stall).toBeLessThan(total / 2);
  });
});
