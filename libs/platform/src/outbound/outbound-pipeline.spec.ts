import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HostResolver, OutboundFetch } from './outbound-fetch';
import { OutboundFetchError } from './outbound-error';
import { OutboundPipelines } from './outbound-pipeline';

/** A request the server got, with the answer it holds until the test's rule lets it go. */
interface Seen {
  path: string;
  body: string;
  res: ServerResponse;
}

/**
 * A receiver on 127.0.0.1 that hands every request to `rule` (which answers now or later) and
 * counts connections and requests outstanding (received, not yet answered) at most.
 */
class Receiver {
  readonly seen: Seen[] = [];
  connections = 0;
  outstanding = 0;
  maxOutstanding = 0;
  rule: (request: Seen, receiver: Receiver) => void = (request) => request.res.writeHead(200).end(`got ${request.body}`);
  private readonly server: Server;

  constructor() {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk));
      req.on('end', () => {
        this.outstanding++;
        this.maxOutstanding = Math.max(this.maxOutstanding, this.outstanding);
        res.on('finish', () => this.outstanding--);
        const request = { path: req.url ?? '/', body, res };
        this.seen.push(request);
        this.rule(request, this);
      });
    });
    this.server.on('connection', () => this.connections++);
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path: string, host = '127.0.0.1'): string {
    return `http://${host}:${(this.server.address() as AddressInfo).port}${path}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Holds every answer until `count` requests are held, then answers them all, in order. */
const holdUntil =
  (count: number) =>
  (_request: Seen, receiver: Receiver): void => {
    const held = receiver.seen.filter((r) => !r.res.headersSent);
    if (held.length < count) return;
    for (const r of held) r.res.writeHead(200).end(`got ${r.body}`);
  };

const resolverOf = (table: Record<string, string[]>): HostResolver => {
  return async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
};

/** Generous: only a broken pipeline ever waits for it (and then fails instead of hanging). */
const TIMEOUT_MS = 10_000;
const post = { headers: { 'content-type': 'text/plain' }, timeoutMs: TIMEOUT_MS, maxBytes: 1024 };

/** Expects `promise` to fail with the guard's error for `reason`. */
const failsWith = (promise: Promise<unknown>, reason: OutboundFetchError['reason']) =>
  expect(promise).rejects.toMatchObject({ name: 'OutboundFetchError', reason });

describe('OutboundFetch.pipeline (a receiver on 127.0.0.1)', () => {
  let receiver: Receiver;
  let guard: OutboundFetch;
  let table: Record<string, string[]>;

  beforeEach(async () => {
    receiver = await new Receiver().start();
    table = { 'hooks.test': ['127.0.0.1'], 'intranet.example': ['10.0.0.5'] };
    guard = new OutboundFetch({
      allowHosts: ['127.0.0.1'],
      timeoutMs: 1000,
      maxBytes: 1024,
      userAgent: 'test',
      resolver: resolverOf(table),
    });
  });

  afterEach(async () => {
    await guard.onModuleDestroy();
    await receiver.stop();
  });

  const bodies = (n: number) => Array.from({ length: n }, (_, i) => `delivery ${i}`);

  it('has `depth` POSTs outstanding on one connection before the first is answered, and keeps their order', async () => {
    receiver.rule = holdUntil(5);
    const endpoint = await guard.pipeline('sub_1', receiver.url('/hook'), { depth: 5, timeoutMs: TIMEOUT_MS });
    const answers = await Promise.all(bodies(5).map((body) => endpoint.post(body, post)));
    expect(answers.map((a) => [a.status, a.body.toString()])).toEqual(bodies(5).map((body) => [200, `got ${body}`]));
    expect(receiver.seen.map((r) => r.body)).toEqual(bodies(5));
    expect(receiver.maxOutstanding).toBe(5);
    expect(receiver.connections).toBe(1);
  });

  it('keeps at most `depth` outstanding: with depth 1, one at a time (the old behaviour)', async () => {
    receiver.rule = (request) => setImmediate(() => request.res.writeHead(204).end());
    const endpoint = await guard.pipeline('sub_1', receiver.url('/hook'), { depth: 1, timeoutMs: TIMEOUT_MS });
    const answers = await Promise.all(bodies(6).map((body) => endpoint.post(body, post)));
    expect(answers.map((a) => a.status)).toEqual(bodies(6).map(() => 204));
    expect(receiver.seen.map((r) => r.body)).toEqual(bodies(6));
    expect(receiver.maxOutstanding).toBe(1);

    receiver.seen.length = 0;
    const deeper = await guard.pipeline('sub_2', receiver.url('/hook'), { depth: 3, timeoutMs: TIMEOUT_MS });
    receiver.rule = holdUntil(3);
    await Promise.all(bodies(6).map((body) => deeper.post(body, post)));
    expect(receiver.maxOutstanding).toBe(3);
    expect(receiver.seen.map((r) => r.body)).toEqual(bodies(6));
  });

  it('answers a non-2xx and a redirect as they are (none followed), the POSTs behind them answered too', async () => {
    receiver.rule = (request) => {
      if (request.path === '/busy') request.res.writeHead(503).end('busy');
      else if (request.path === '/moved') request.res.writeHead(302, { location: receiver.url('/elsewhere') }).end();
      else request.res.writeHead(200).end('ok');
    };
    const at = (path: string) => guard.pipeline('sub_1', receiver.url(path), { depth: 4, timeoutMs: TIMEOUT_MS });
    const [busy, moved, fine] = await Promise.all([at('/busy'), at('/moved'), at('/fine')]);
    const answers = await Promise.all([fine!.post('a', post), busy!.post('b', post), moved!.post('c', post), fine!.post('d', post)]);
    expect(answers.map((a) => [a.status, a.body.toString()])).toEqual([
      [200, 'ok'],
      [503, 'busy'],
      [302, ''],
      [200, 'ok'],
    ]);
    expect(receiver.seen.map((r) => r.path)).toEqual(['/fine', '/busy', '/moved', '/fine']);
    expect(receiver.connections).toBe(1);
  });

  it('fails an oversize answer and a timed-out one, and still answers the POSTs written behind them', async () => {
    receiver.rule = (request) => {
      if (request.path === '/big') request.res.writeHead(200).end('x'.repeat(4096));
      else if (request.path === '/chunked') {
        request.res.writeHead(200);
        request.res.write('x'.repeat(800));
        request.res.end('y'.repeat(800));
      } else if (request.path !== '/silent') request.res.writeHead(200).end('ok');
    };
    const at = (path: string) => guard.pipeline('sub_1', receiver.url(path), { depth: 4, timeoutMs: TIMEOUT_MS });
    const [big, chunked, silent, fine] = await Promise.all([at('/big'), at('/chunked'), at('/silent'), at('/fine')]);

    const [tooBig, behindBig] = await Promise.allSettled([big!.post('a', post), fine!.post('b', post)]);
    expect(tooBig).toMatchObject({ status: 'rejected', reason: { reason: 'too-large' } });
    expect(behindBig).toMatchObject({ status: 'fulfilled', value: { status: 200 } });
    const [streamedTooBig, behindChunked] = await Promise.allSettled([chunked!.post('c', post), fine!.post('d', post)]);
    expect(streamedTooBig).toMatchObject({ status: 'rejected', reason: { reason: 'too-large' } });
    expect(behindChunked).toMatchObject({ status: 'fulfilled', value: { status: 200 } });

    const [timedOut, behindSilent] = await Promise.allSettled([silent!.post('e', { ...post, timeoutMs: 200 }), fine!.post('f', post)]);
    expect(timedOut).toMatchObject({
      status: 'rejected',
      reason: { reason: 'timeout', message: expect.stringMatching(/longer than 200 ms/) },
    });
    expect(behindSilent).toMatchObject({ status: 'fulfilled', value: { status: 200 } });
    // Each POST behind a failed one reached the receiver in order, after it (written again on a new connection if need be).
    const order = receiver.seen.map((r) => r.body);
    for (const [first, second] of [
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ] as const) {
      expect(order.indexOf(first)).toBeLessThan(order.lastIndexOf(second));
    }
  });

  it('refuses a connection to a name that resolves to a private address at connect time (DNS rebinding)', async () => {
    const endpoint = await guard.pipeline('sub_1', receiver.url('/hook', 'hooks.test'), { depth: 4, timeoutMs: TIMEOUT_MS });
    table['hooks.test'] = ['10.0.0.5'];
    await Promise.all([failsWith(endpoint.post('a', post), 'refused-address'), failsWith(endpoint.post('b', post), 'refused-address')]);
    expect(receiver.connections).toBe(0);
  });

  it('checks the URL before each window, and reuses the connection of a key across windows', async () => {
    for (let window = 0; window < 3; window++) {
      const endpoint = await guard.pipeline('sub_1', receiver.url('/hook', 'hooks.test'), { depth: 2, timeoutMs: TIMEOUT_MS });
      expect((await endpoint.post('a', post)).status).toBe(200);
    }
    expect(receiver.connections).toBe(1);
    table['hooks.test'] = ['10.0.0.5'];
    const hook = receiver.url('/hook', 'hooks.test');
    await failsWith(guard.pipeline('sub_1', hook, { depth: 2, timeoutMs: TIMEOUT_MS }), 'refused-address');
    const options = { depth: 2, timeoutMs: TIMEOUT_MS };
    await failsWith(guard.pipeline('sub_1', 'http://intranet.example/hook', options), 'refused-address');
    await failsWith(guard.pipeline('sub_1', 'ftp://hooks.test/hook', options), 'scheme');
    await failsWith(guard.pipeline('sub_1', 'http://user:pw@hooks.test/hook', options), 'invalid-url');
    await failsWith(guard.pipeline('sub_1', 'http://10.0.0.5/hook', options), 'refused-address');
    expect(receiver.connections).toBe(1);
  });

  it('sends the User-Agent, and refuses new windows once closed', async () => {
    let agent: string | undefined;
    receiver.rule = (request) => request.res.writeHead(204).end();
    const server = (receiver as unknown as { server: Server }).server;
    server.prependListener('request', (req: IncomingMessage) => (agent = req.headers['user-agent']));
    const endpoint = await guard.pipeline('sub_1', receiver.url('/hook'), { depth: 2, timeoutMs: TIMEOUT_MS });
    await endpoint.post('a', post);
    expect(agent).toBe('test');
    await guard.onModuleDestroy();
    await failsWith(guard.pipeline('sub_1', receiver.url('/hook'), { depth: 2, timeoutMs: TIMEOUT_MS }), 'connection');
  });
});

describe('OutboundPipelines (the connections by key)', () => {
  const lookup = () => {
    throw new Error('never connects in these tests');
  };
  const a = new URL('http://a.example/hook');
  const b = new URL('http://b.example/hook');

  it('keeps one connection per key, replaced when the key moves to another origin', async () => {
    const pipelines = new OutboundPipelines(lookup, 'test', { maxConnections: 10, idleMs: 60_000 });
    const first = pipelines.for('sub_1', a, 4);
    expect(pipelines.for('sub_1', new URL('http://a.example/other'), 4)).toBe(first);
    const moved = pipelines.for('sub_1', b, 4);
    expect(moved).not.toBe(first);
    expect(moved.origin).toBe('http://b.example');
    expect(pipelines.size).toBe(1);
    await pipelines.close();
  });

  it('is bounded: past its size the least recently used idle connection is closed, and so is one unused for long', async () => {
    const pipelines = new OutboundPipelines(lookup, 'test', { maxConnections: 2, idleMs: 60_000 });
    const first = pipelines.for('sub_1', a, 4);
    pipelines.for('sub_2', a, 4);
    pipelines.for('sub_1', a, 4); // sub_1 used again: sub_2 is now the least recent
    pipelines.for('sub_3', a, 4);
    expect(pipelines.size).toBe(2);
    expect(pipelines.for('sub_1', a, 4)).toBe(first);

    first.lastUsed = Date.now() - 61_000;
    pipelines.for('sub_3', a, 4);
    expect(pipelines.size).toBe(1);
    expect(pipelines.for('sub_1', a, 4)).not.toBe(first);
    await pipelines.close();
  });
});
