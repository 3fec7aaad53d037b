import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureHost, jsonLines, requireBuild, runCli, startServer, stopProcess } from '../support/processes';
import { WebhookReceiver } from './webhook-receiver';

// A guard against hangs, not a speed check: built servers run as processes, as slowly as the machine needs.
jest.setTimeout(300_000);

const WRITES = 1000;
const AT_ONCE = 20;

/**
 * kill -9 of the server during a burst of 1,000 writes loses no delivery (issue #29): after the
 * restart, the receiver has heard of every event of the log at least once, signed.
 */
describe('webhooks across kill -9 (built server)', () => {
  const token = 'webhooks-crash-token';
  let dataDir: string;
  let env: Record<string, string>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    await ensureHost();
    requireBuild();
    receiver = await WebhookReceiver.start();
    dataDir = mkdtempSync(join(tmpdir(), 'docs-hooks-crash-'));
    env = { DATA_DIR: dataDir, DOCS_BOOTSTRAP_TOKEN: token, OUTBOUND_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_POLL_MS: '20' };
  });
  afterAll(async () => {
    await receiver.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (url: string, method: string, path: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).then(async (r) => ({ status: r.status, body: (await r.json().catch(() => null)) as any }));

  it('delivers every event of the log at least once after a crash in the middle of a burst', async () => {
    let server = await startServer(env);
    const org = (await call(server.url, 'POST', '/v1/orgs', { title: 'Crash' })).body.id;
    const hook = await call(server.url, 'POST', `/v1/orgs/${org}/webhooks`, { url: receiver.url('/crash'), events: ['space.updated'] });
    expect(hook.status).toBe(201);
    receiver.secret('/crash', hook.body.secret);
    const space = (await call(server.url, 'POST', `/v1/orgs/${org}/spaces`, { title: 'Burst' })).body.id;

    let acknowledged = 0;
    const killed = (async () => {
      while (acknowledged < WRITES / 2) await new Promise((r) => setTimeout(r, 5));
      await stopProcess(server.child, 'SIGKILL');
    })();
    for (let i = 0; i < WRITES; i += AT_ONCE) {
      const batch = Array.from({ length: AT_ONCE }, (_, j) =>
        call(server.url, 'PATCH', `/v1/spaces/${space}`, { title: `Title ${i + j}` }).then(
          (r) => r.status === 200 && acknowledged++,
          () => undefined,
        ),
      );
      await Promise.all(batch);
      if (server.child.exitCode !== null || server.child.signalCode !== null) break;
    }
    await killed;
    // The crash came in the middle of the burst: some writes were acknowledged, the rest never were.
    expect(acknowledged).toBeGreaterThanOrEqual(WRITES / 2);
    expect(acknowledged).toBeLessThan(WRITES);

    server = await startServer(env);
    try {
      const logged = jsonLines(runCli(['events', 'read', '--stream', `space-${space}`], env).stdout).filter(
        (e) => e.type === 'SpaceUpdated',
      );
      expect(logged.length).toBeGreaterThanOrEqual(acknowledged);
      const heard = () => new Set(receiver.at('/crash').map((r) => r.id)).size;
      while (heard() < logged.length) await receiver.until('/crash', receiver.at('/crash').length + 1);
      expect(heard()).toBe(logged.length);
      expect(receiver.at('/crash').every((r) => r.verified && r.payload.type === 'space.updated')).toBe(true);
    } finally {
      await stopProcess(server.child);
    }
  });
});
