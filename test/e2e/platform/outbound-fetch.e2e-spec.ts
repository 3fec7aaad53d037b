import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { HostResolver, loadConfig, OutboundFetch, OutboundFetchError } from '@docs/platform';

/**
 * The outbound fetch guard against a real HTTP server on 127.0.0.1: the allowlist, redirects
 * checked hop by hop, a DNS answer that changes between the check and the connection, the size
 * cap (declared and streamed), the timeout.
 */
describe('OutboundFetch against a local server', () => {
  let server: Server;
  let base: string;
  let port: number;
  const hits: { path: string; userAgent: string | undefined }[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/hello': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('hello'),
    '/secret': (_req, res) => res.writeHead(200).end('secret'),
    '/to-secret': (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end(),
    '/relative': (_req, res) => res.writeHead(301, { location: '/hello' }).end(),
    '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
    '/to-ftp': (_req, res) => res.writeHead(302, { location: 'ftp://example.com/x' }).end(),
    '/big-declared': (_req, res) => res.writeHead(200, { 'content-length': String(5000) }).end('x'.repeat(5000)),
    '/big-streamed': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      let sent = 0;
      const tick = () => {
        if (sent >= 10 || res.destroyed) return res.end();
        sent++;
        res.write('y'.repeat(500), () => setTimeout(tick, 5));
      };
      tick();
    },
    '/slow': () => undefined, // never answers
    '/trickle': (_req, res) => {
      res.writeHead(200);
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('.')), 50);
    },
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      hits.push({ path, userAgent: req.headers['user-agent'] });
      (routes[path] ?? ((_q, r) => r.writeHead(404).end('no')))(req, res);
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    hits.length = 0;
  });

  const config = (allow: string) => ({
    ...loadConfig({ OUTBOUND_ALLOW_HOSTS: allow, OUTBOUND_MAX_BYTES: '2000', OUTBOUND_TIMEOUT_MS: '3000' }),
  });
  const fixed =
    (table: Record<string, string[]>): HostResolver =>
    async (host) =>
      (table[host] ?? []).map((address) => ({ address, family: 4 }));

  async function failure(promise: Promise<unknown>): Promise<OutboundFetchError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OutboundFetchError);
    return error as OutboundFetchError;
  }

  it('refuses 127.0.0.1 without OUTBOUND_ALLOW_HOSTS, before any request', async () => {
    const guard = OutboundFetch.fromConfig(config(''));
    const error = await failure(guard.fetch(`${base}/hello`));
    expect(error).toMatchObject({ reason: 'refused-address', message: expect.stringMatching(/127\.0\.0\.1 is a loopback address/) });
    expect(error.getStatus()).toBe(422);
    expect(hits).toEqual([]);
  });

  it('fetches 127.0.0.1 when OUTBOUND_ALLOW_HOSTS names it, with a User-Agent naming the server', async () => {
    const guard = OutboundFetch.fromConfig(config('127.0.0.1'));
    const response = await guard.fetch(`${base}/hello`);
    expect(response).toMatchObject({ status: 200, url: `${base}/hello`, contentType: 'text/plain' });
    expect(response.body.toString()).toBe('hello');
    expect(hits).toEqual([{ path: '/hello', userAgent: expect.stringMatching(/^docs-platform-api\/[\d.]+ \(\+http/) }]);
  });

  it('follows redirects, checking each hop: a redirect to 127.0.0.1 from an allowed host is refused', async () => {
    const guard = OutboundFetch.fromConfig(config('fixture.test'), fixed({ 'fixture.test': ['127.0.0.1'] }));
    const ok = await guard.fetch(`http://fixture.test:${port}/relative`);
    expect(ok).toMatchObject({ status: 200, url: `http://fixture.test:${port}/hello` });
    hits.length = 0;
    const error = await failure(guard.fetch(`http://fixture.test:${port}/to-secret`));
    expect(error).toMatchObject({ reason: 'refused-address', message: expect.stringMatching(/127\.0\.0\.1 is a loopback/) });
    expect(hits.map((h) => h.path)).toEqual(['/to-secret']);
  });

  it('refuses a redirect to another scheme, and redirect loops after five hops', async () => {
    const guard = OutboundFetch.fromConfig(config('127.0.0.1'));
    expect((await failure(guard.fetch(`${base}/to-ftp`))).reason).toBe('scheme');
    hits.length = 0;
    expect((await failure(guard.fetch(`${base}/loop`))).reason).toBe('too-many-redirects');
    expect(hits).toHaveLength(6);
  });

  it('checks again on the connection: a name that re-resolves to loopback after the check is refused (DNS rebinding)', async () => {
    let calls = 0;
    const rebinding: HostResolver = async () =>
      calls++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    const guard = OutboundFetch.fromConfig(config(''), rebinding);
    const error = await failure(guard.fetch(`http://rebind.test:${port}/secret`));
    expect(error).toMatchObject({
      reason: 'refused-address',
      message: expect.stringMatching(/rebind\.test resolves to a loopback address/),
    });
    expect(calls).toBe(2);
    expect(hits).toEqual([]);
  });

  it('caps the size: a declared length over the cap, and a streamed body that grows past it', async () => {
    const guard = OutboundFetch.fromConfig(config('127.0.0.1'));
    expect(await failure(guard.fetch(`${base}/big-declared`))).toMatchObject({
      reason: 'too-large',
      message: expect.stringMatching(/larger than 2000 bytes/),
    });
    expect((await failure(guard.fetch(`${base}/big-streamed`))).reason).toBe('too-large');
    const roomy = await guard.fetch(`${base}/big-streamed`, { maxBytes: 10_000 });
    expect(roomy.body.length).toBe(5000);
  });

  it('times out: no answer, a body that never ends, an outer signal', async () => {
    const guard = OutboundFetch.fromConfig(config('127.0.0.1'));
    const started = Date.now();
    expect(await failure(guard.fetch(`${base}/slow`, { timeoutMs: 200 }))).toMatchObject({
      reason: 'timeout',
      message: expect.stringMatching(/longer than 200 ms/),
    });
    expect((await failure(guard.fetch(`${base}/trickle`, { timeoutMs: 300 }))).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2500);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect((await failure(guard.fetch(`${base}/slow`, { signal: controller.signal }))).reason).toBe('timeout');
  });

  it('a refused connection is a connection failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const guard = OutboundFetch.fromConfig(config('127.0.0.1'));
    expect(await failure(guard.fetch(`http://127.0.0.1:${closedPort}/`))).toMatchObject({
      reason: 'connection',
      message: expect.stringMatching(/ECONNREFUSED/),
    });
  });
});
