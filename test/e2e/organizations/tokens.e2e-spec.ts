import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig, EventStore, loadConfig, ReadStore, TokenUsageStore } from '@docs/platform';
import { ApiTokenView, issueApiToken, listApiTokens, revokeApiToken, TokenStores } from '@docs/organizations';
import { createApp } from '../../../apps/api/create-app';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { expectError, OWNER_TOKEN, TestApp } from '../support/test-app';
import { newPerson } from './fixtures/org-members';

const ctx = { actor: 'cli:ops@host', correlationId: 'e2e-tokens' };
const storesOf = (app: NestFastifyApplication): TokenStores => ({
  events: app.get(EventStore),
  readStore: app.get(ReadStore),
  tokenUsage: app.get(TokenUsageStore),
});

/** Polls `GET /v1/user` with the token until it answers `status`; the time it took, in ms. */
async function untilStatus(app: TestApp, token: string, status: number, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await app.get('/v1/user', token)).status === status) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`GET /v1/user did not answer ${status} within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('API token lifecycle over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => (app = await TestApp.start({}, { inProcess: true })));
  afterAll(() => app.stop());

  it('refuses a revoked token within a second of the revocation', async () => {
    const { token } = await app.tokenFor('revoked@acme.test', 'Rev');
    expect((await app.get('/v1/user', token)).status).toBe(200);
    const tokenId = (await listApiTokens(storesOf(app.app))).find((t) => t.email === 'revoked@acme.test')!.id;
    const revokedAt = Date.now();
    await revokeApiToken(storesOf(app.app), tokenId, ctx);
    await untilStatus(app, token, 401, 1000);
    expect(Date.now() - revokedAt).toBeLessThan(1000);
    expectError(await app.get('/v1/user', token), 401, /invalid or revoked API token/);
    // Other tokens are untouched.
    expect((await app.get('/v1/user')).status).toBe(200);
  });

  it('refuses an expired token from its expiry on', async () => {
    const issued = await issueApiToken(
      app.app.get(EventStore),
      { email: 'expiring@acme.test', tokenName: 'short', expiresAt: new Date(Date.now() + 1500).toISOString() },
      ctx,
    );
    await untilStatus(app, issued.token, 200, 1000);
    const waited = await untilStatus(app, issued.token, 401, 3000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(issued.expiresAt!));
    expect(waited).toBeGreaterThan(0);
    expectError(await app.get('/v1/user', issued.token), 401, /expired API token/);
    const listed = (await listApiTokens(storesOf(app.app))).find((t) => t.id === issued.tokenId);
    expect(listed).toMatchObject({ status: 'expired', expiresAt: issued.expiresAt });
  });

  it('notes when a token was last used, without an event per request', async () => {
    const person = await newPerson(app, 'Uma User', 'used@acme.test');
    const head = await app.app.get(EventStore).headPosition();
    for (let i = 0; i < 5; i++) expect((await app.get('/v1/user', person.token)).status).toBe(200);
    expect(await app.app.get(EventStore).headPosition()).toBe(head);
    let listed: ApiTokenView | undefined;
    for (let i = 0; i < 50; i++) {
      listed = (await listApiTokens(storesOf(app.app))).find((t) => t.email === 'used@acme.test');
      if (listed?.lastUsedAt) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(Date.now() - Date.parse(listed!.lastUsedAt!)).toBeLessThan(60_000);
  });
});

describe('tokens and the bootstrap across restarts', () => {
  let dataDir: string;
  let logged: string[];

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'docs-e2e-restart-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  beforeEach(() => {
    logged = [];
    for (const level of ['log', 'warn'] as const) {
      jest.spyOn(Logger.prototype, level).mockImplementation(function (this: Logger, message: unknown, ..._rest: unknown[]) {
        logged.push(`${level} [${(this as unknown as { context?: string }).context}] ${String(message)}`);
      });
    }
  });
  afterEach(() => jest.restoreAllMocks());

  async function start(): Promise<{ app: NestFastifyApplication; url: string }> {
    const config: AppConfig = {
      ...loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'error' }),
      eventStoreUrl: null,
      mongoUrl: null,
      bootstrapToken: OWNER_TOKEN,
      publicUrl: 'http://api.test',
    };
    const app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    return { app, url: `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}` };
  }
  const me = (url: string, token: string) =>
    fetch(`${url}/v1/user`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

  it('logs the bootstrap, and keeps a revoked token revoked after a restart (the revocation is replayed)', async () => {
    let server = await start();
    let revoked: string;
    let kept: string;
    try {
      const bootstrap = logged.filter((l) => l.includes('[Bootstrap]'));
      expect(bootstrap).toEqual([
        expect.stringMatching(
          /^log \[Bootstrap\] first start on an empty event store: created the owner owner@docs\.local .*DOCS_BOOTSTRAP_TOKEN now works/,
        ),
      ]);
      expect(logged.join('\n')).not.toContain(OWNER_TOKEN);
      expect(await me(server.url, OWNER_TOKEN)).toBe(200);

      const events = server.app.get(EventStore);
      const a = await issueApiToken(events, { email: 'keeper@acme.test', tokenName: 'a' }, ctx);
      const b = await issueApiToken(events, { email: 'keeper@acme.test', tokenName: 'b' }, ctx);
      revoked = a.token;
      kept = b.token;
      await revokeApiToken(storesOf(server.app), a.tokenId, ctx);
    } finally {
      await server.app.close();
    }

    logged = [];
    server = await start();
    try {
      expect(logged.filter((l) => l.includes('[Bootstrap]'))).toEqual([
        expect.stringMatching(
          new RegExp(
            String.raw`^warn \[Bootstrap\] DOCS_BOOTSTRAP_TOKEN is set but was ignored: ` +
              String.raw`the event store \(DATA_DIR .*\) already holds events.*still works`,
          ),
        ),
      ]);
      expect(await me(server.url, OWNER_TOKEN)).toBe(200);
      expect(await me(server.url, kept)).toBe(200);
      expect(await me(server.url, revoked)).toBe(401);
    } finally {
      await server.app.close();
    }
  });
});

describe('GET /v1/users/{userId}', () => {
  let app: TestApp;
  beforeAll(async () => (app = await TestApp.start()));
  afterAll(() => app.stop());

  it('shows a user to people who share an organization with them, and to themself; 404 to anyone else', async () => {
    const org = (await app.post('/v1/orgs', { title: 'Shared' })).body.id;
    const mel = await newPerson(app, 'Mel Member', 'mel@shared.test');
    const gus = await newPerson(app, 'Gus Guest', 'gus@shared.test');
    const otto = await newPerson(app, 'Otto Outsider', 'otto@elsewhere.test');
    await app.post(`/v1/orgs/${org}/invites`, {
      emails: [
        { email: mel.email, role: 'read' },
        { email: gus.email, role: null },
      ],
    });

    const seen = await app.get(`/v1/users/${mel.userId}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      object: 'user',
      id: mel.userId,
      displayName: 'Mel Member',
      email: 'mel@shared.test',
      urls: { location: `http://api.test/v1/users/${mel.userId}` },
    });
    expectGitbookSchema('User', seen.body);
    // The location of a user in a member list answers.
    const member = (await app.get(`/v1/orgs/${org}/members/${mel.userId}`)).body;
    expect(member.user.urls.location).toBe(`http://api.test/v1/users/${mel.userId}`);

    const owner = (await app.get('/v1/user')).body;
    expect((await app.get(`/v1/users/${owner.id}`, mel.token)).body).toEqual(owner);
    expect((await app.get(`/v1/users/${mel.userId}`, gus.token)).status).toBe(200);
    expect((await app.get(`/v1/users/${otto.userId}`, otto.token)).body.id).toBe(otto.userId);

    expectError(await app.get(`/v1/users/${mel.userId}`, otto.token), 404, /user not found/);
    expectError(await app.get(`/v1/users/${otto.userId}`, mel.token), 404, /user not found/);
    expectError(await app.get(`/v1/users/${otto.userId}`), 404, /user not found/);
    expectError(await app.get('/v1/users/nosuchuser'), 404, /user not found/);
    expectError(await app.get(`/v1/users/${mel.userId}`, null), 401);
  });

  it('stops showing a user once they no longer share an organization', async () => {
    const org = (await app.post('/v1/orgs', { title: 'Leaving' })).body.id;
    const lea = await newPerson(app, 'Lea Leaver', 'lea@leaving.test');
    const kim = await newPerson(app, 'Kim Keeper', 'kim@leaving.test');
    await app.post(`/v1/orgs/${org}/invites`, {
      emails: [
        { email: lea.email, role: 'read' },
        { email: kim.email, role: 'read' },
      ],
    });
    expect((await app.get(`/v1/users/${lea.userId}`, kim.token)).status).toBe(200);
    expect((await app.delete(`/v1/orgs/${org}/members/${lea.userId}`)).status).toBe(204);
    expectError(await app.get(`/v1/users/${lea.userId}`, kim.token), 404);
    expectError(await app.get(`/v1/users/${kim.userId}`, lea.token), 404);
  });
});
