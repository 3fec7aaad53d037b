import { ChildProcess, spawn } from 'node:child_process';
import { watchingHealth } from './responsiveness';

/**
 * A server in its own process: `/health` answers at once, `/block?ms=N` holds its event loop for N ms
 * of its CPU (as hostile work does: on a busy machine that takes longer in wall time).
 */
const SERVER = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  const ms = Number(new URL(req.url, 'http://x').searchParams.get('ms') ?? 0);
  const cpuMs = () => process.cpuUsage().user / 1000;
  if (req.url.startsWith('/block')) { const end = cpuMs() + ms; while (cpuMs() < end); }
  res.end('{}');
});
server.keepAliveTimeout = 120000; // the held loop must not see the poll's idle connection as timed out
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
`;

describe('watchingHealth tells a held event loop from a slow machine', () => {
  let child: ChildProcess;
  let url: string;

  beforeAll(async () => {
    child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(m as number)));
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(() => child.kill());

  it('counts a task that holds the server loop 400 ms, in the server thread CPU', async () => {
    const watched = await watchingHealth(url, async () => {
      await new Promise((resolve) => setTimeout(resolve, 120)); // a /health ask is under way when the loop is held
      return fetch(`${url}/block?ms=400`).then((r) => r.text());
    });
    expect(watched.maxHeldMs).toBeGreaterThan(250);
    expect(watched.maxHeldMs).not.toBeLessThan(watched.heldLimitMs);
  });

  it('does not count time the server spends waiting', async () => {
    const watched = await watchingHealth(url, () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(watched.polls).toBeGreaterThan(0);
    expect(watched.maxHeldMs).toBeLessThan(watched.heldLimitMs);
  });
});
