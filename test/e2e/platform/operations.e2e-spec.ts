import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureHost, jsonLines, requireBuild, runCli, startServer, stopProcess } from '../support/processes';

// A guard against hangs, not a speed check: each test starts built servers and CLI commands as
// processes, so it takes as long as the machine needs (30 s ran out beside `stress --cpu 2`).
jest.setTimeout(300_000);

/**
 * The operator's view, on the built server and CLI: durability across kill -9, tokens from the CLI,
 * the audit trail, and projection replay while the API keeps serving.
 */
describe('operating the server (built binaries)', () => {
  const token = 'ops-bootstrap-token';
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    // CLI commands run in this worker's e2e host (runCli in test/e2e/support/processes.ts).
    await ensureHost();
    requireBuild();
    dataDir = mkdtempSync(join(tmpdir(), 'docs-ops-'));
    env = { DATA_DIR: dataDir, DOCS_BOOTSTRAP_TOKEN: token };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const call = (url: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}, bearer = token) =>
    fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

  it('keeps acknowledged writes across kill -9, audits them, issues CLI tokens and replays projections', async () => {
    let server = await startServer(env);
    const created = await call(server.url, 'POST', '/v1/orgs', { title: 'Durable Docs' }, { 'x-request-id': 'ops-create-1' });
    expect(created.status).toBe(201);
    const orgId = created.body.id;
    expect((await call(server.url, 'GET', `/v1/orgs/${orgId}`)).body.title).toBe('Durable Docs');

    await stopProcess(server.child, 'SIGKILL');
    server = await startServer(env);
    try {
      const afterCrash = await call(server.url, 'GET', `/v1/orgs/${orgId}`);
      expect(afterCrash).toMatchObject({ status: 200, body: { id: orgId, title: 'Durable Docs' } });

      // Audit: the global log shows who did it and for which request.
      const log = runCli(['events', 'read', '--all'], env);
      expect(log.code).toBe(0);
      const events = jsonLines(log.stdout);
      const me = (await call(server.url, 'GET', '/v1/user')).body;
      const createdEvent = events.find((e) => e.type === 'OrganizationCreated' && e.data.organizationId === orgId);
      expect(createdEvent).toMatchObject({
        stream: `organization-${orgId}`,
        position: expect.stringMatching(/^\d+$/),
        metadata: { schemaVersion: 1, actor: me.id, correlationId: 'ops-create-1', occurredAt: expect.any(String) },
      });
      const stream = jsonLines(runCli(['events', 'read', '--stream', `organization-${orgId}`], env).stdout);
      expect(stream.map((e) => e.type)).toEqual(['OrganizationCreated', 'MemberJoined']);
      const paged = jsonLines(runCli(['events', 'read', '--all', '--from', events[0].position, '--limit', '2'], env).stdout);
      expect(paged.map((e) => e.position)).toEqual([events[1].position, events[2].position]);

      // A token created with the CLI works against the running server.
      const issued = runCli(['tokens', 'create', '--email', 'cli-user@acme.test', '--name', 'laptop'], env);
      expect(issued.code).toBe(0);
      const { token: cliToken, userId } = JSON.parse(issued.stdout);
      let user = { status: 0, body: {} as any };
      for (let i = 0; i < 50 && user.status !== 200; i++) {
        user = await call(server.url, 'GET', '/v1/user', undefined, {}, cliToken);
        if (user.status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(user).toMatchObject({ status: 200, body: { id: userId, email: 'cli-user@acme.test' } });

      // Replay rebuilds the same documents while the server keeps serving.
      const before = (await call(server.url, 'GET', '/v1/orgs?limit=1000')).body;
      const replay = runCli(['projections', 'replay', 'organizations'], env);
      expect(replay.code).toBe(0);
      expect(JSON.parse(replay.stdout)).toMatchObject({ projection: 'organizations', generation: 1, events: expect.any(Number) });
      const after = (await call(server.url, 'GET', '/v1/orgs?limit=1000')).body;
      expect(after).toEqual(before);
      const status = jsonLines(runCli(['projections', 'status'], env).stdout);
      expect(status.find((s) => s.name === 'organizations')).toMatchObject({ generation: 1, status: 'running', lag: 0 });

      // The server carries on in the new generation: writes stay readable.
      const renamed = await call(server.url, 'PATCH', `/v1/orgs/${orgId}`, { title: 'Replayed Docs' });
      expect(renamed).toMatchObject({ status: 200, body: { title: 'Replayed Docs' } });
      expect((await call(server.url, 'GET', `/v1/orgs/${orgId}`)).body.title).toBe('Replayed Docs');
    } finally {
      await stopProcess(server.child);
    }
  });

  it(
    'on an empty store without a bootstrap token, writes a new owner token to DATA_DIR/owner-token ' +
      '(0600) that works, and never logs it',
    async () => {
      const emptyDir = mkdtempSync(join(tmpdir(), 'docs-empty-'));
      const server = await startServer({ DATA_DIR: emptyDir, LOG_LEVEL: 'info' });
      try {
        const file = join(emptyDir, 'owner-token');
        const secret = readFileSync(file, 'utf8').trim();
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect(server.output()).toContain(`export TOKEN=$(cat ${file})`);
        expect(server.output()).not.toContain(secret);
        expect((await fetch(`${server.url}/v1/user`)).status).toBe(401);
        const me = await call(server.url, 'GET', '/v1/user', undefined, {}, secret);
        expect(me).toMatchObject({ status: 200, body: { email: 'owner@docs.local' } });
      } finally {
        await stopProcess(server.child);
        rmSync(emptyDir, { recursive: true, force: true });
      }
    },
  );

  it('lists projections and rejects unknown CLI commands with usage', () => {
    const list = runCli(['projections', 'list'], env);
    expect(jsonLines(list.stdout).map((p) => p.name)).toEqual(expect.arrayContaining(['users', 'organizations']));
    const bad = runCli(['frobnicate'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown command 'frobnicate'[\s\S]*--help/);
    const unknown = runCli(['projections', 'replay', 'nope'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/unknown projection nope/);
  });
});
