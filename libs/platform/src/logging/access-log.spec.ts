import Fastify from 'fastify';
import { PassThrough } from 'node:stream';
import { AppLogger } from './app-logger';
import { AccessEntry, installAccessLog, prettyEntry } from './access-log';

async function served(format: 'json' | 'pretty') {
  const out = new PassThrough();
  const lines: string[] = [];
  out.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const app = Fastify();
  installAccessLog(app, { format, destination: out });
  app.addHook('preHandler', async (request) => {
    if (request.headers.authorization === 'Bearer secret-token') Object.assign(request, { caller: { userId: 'u1', requestId: String(request.id) } });
  });
  app.get('/v1/orgs/:organizationId', async () => ({ ok: true }));
  app.post('/v1/orgs', async () => ({ ok: true }));
  await app.ready();
  return { app, lines };
}

describe('access log', () => {
  it('writes one JSON line per request: method, route pattern, status, duration, request id, caller; never tokens or bodies', async () => {
    const { app, lines } = await served('json');
    await app.inject({ method: 'GET', url: '/v1/orgs/o123?x=1', headers: { authorization: 'Bearer secret-token' } });
    await app.inject({ method: 'POST', url: '/v1/orgs', payload: { title: 'body-secret' } });
    await app.inject({ method: 'GET', url: '/nowhere/42' });
    await new Promise((r) => setImmediate(r));
    const entries = lines.map((l) => JSON.parse(l) as AccessEntry & { msg: string; time: string });
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ msg: 'request', method: 'GET', route: '/v1/orgs/:organizationId', status: 200, caller: 'u1', requestId: expect.any(String), durationMs: expect.any(Number), time: expect.any(String) });
    expect(entries[1]).toMatchObject({ method: 'POST', route: '/v1/orgs', status: 200 });
    expect(entries[1]!.caller).toBeUndefined();
    expect(entries[2]).toMatchObject({ route: '/nowhere/42', status: 404 });
    expect(lines.join('\n')).not.toMatch(/secret|body-secret|authorization/i);
    await app.close();
  });

  it('writes a human line with LOG_FORMAT=pretty', async () => {
    const { app, lines } = await served('pretty');
    await app.inject({ method: 'GET', url: '/v1/orgs/o1', headers: { authorization: 'Bearer secret-token' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT.*Z GET \/v1\/orgs\/:organizationId 200 [\d.]+ ms req=\S+ caller=u1$/);
    expect(prettyEntry({ method: 'GET', route: '/x', status: 204, durationMs: 1.5, requestId: 'r1' }, new Date(0))).toBe('1970-01-01T00:00:00.000Z GET /x 204 1.5 ms req=r1');
    await app.close();
  });
});

describe('AppLogger', () => {
  const captured = () => {
    const writes: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (writes.push(String(chunk)), true));
    return { writes, restore: () => spy.mockRestore() };
  };

  it('puts route mapping at debug level, and writes no colour codes off a terminal', () => {
    const { writes, restore } = captured();
    try {
      const logger = new AppLogger(['log', 'warn', 'error'], 'pretty', false);
      logger.log('Mapped {/v1/orgs, GET} route', 'RouterExplorer');
      logger.log('Nest application successfully started', 'NestApplication');
      expect(writes.join('')).not.toContain('Mapped');
      expect(writes.join('')).toContain('successfully started');
      expect(writes.join('')).not.toMatch(/\u001b\[/);
    } finally {
      restore();
    }
  });

  it('writes JSON lines by default format', () => {
    const { writes, restore } = captured();
    try {
      new AppLogger(['log'], 'json', true).log('started', 'NestApplication');
      expect(JSON.parse(writes.join('').trim())).toMatchObject({ message: 'started', context: 'NestApplication' });
    } finally {
      restore();
    }
  });
});
