import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { ensureHost, jsonLines, runCli } from '../support/processes';
import { expectError, OWNER_TOKEN, TestApp } from '../support/test-app';
import { newPerson } from './fixtures/org-members';

/** The operator CLI on the application's DATA_DIR (what an operator runs beside the server). */
const cli = (app: TestApp, args: string[]) => runCli(args, { DATA_DIR: app.config.dataDir });
/** Every token as `tokens list` shows it. */
const tokensOf = (app: TestApp): any[] => {
  const listed = cli(app, ['tokens', 'list', '--json']);
  expect(listed.code).toBe(0);
  return jsonLines(listed.stdout);
};

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
  beforeAll(async () => {
    await ensureHost();
    app = await TestApp.start();
  });
  afterAll(() => app.stop());

  it('refuses a revoked token within a second of the revocation', async () => {
    const { token } = await app.tokenFor('revoked@acme.test', 'Rev');
    expect((await app.get('/v1/user', token)).status).toBe(200);
    const tokenId = tokensOf(app).find((t) => t.email === 'revoked@acme.test')!.id;
    const revokedAt = Date.now();
    await app.revokeToken(tokenId);
    await untilStatus(app, token, 401, 1000);
    expect(Date.now() - revokedAt).toBeLessThan(1000);
    expectError(await app.get('/v1/user', token), 401, /invalid or revoked API token/);
    // Other tokens are untouched.
    expect((await app.get('/v1/user')).status).toBe(200);
  });

  it('refuses an expired token from its expiry on', async () => {
    const issued = await app.issueToken({
      email: 'expiring@acme.test',
      tokenName: 'short',
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    await untilStatus(app, issued.token, 200, 1000);
    const waited = await untilStatus(app, issued.token, 401, 3000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(issued.expiresAt!));
    expect(waited).toBeGreaterThan(0);
    expectError(await app.get('/v1/user', issued.token), 401, /expired API token/);
    const listed = tokensOf(app).find((t) => t.id === issued.tokenId);
    expect(listed).toMatchObject({ status: 'expired', expiresAt: issued.expiresAt });
  });

  it('notes when a token was last used, without an event per request', async () => {
    const person = await newPerson(app, 'Uma User', 'used@acme.test');
    const head = await app.eventHeadPosition();
    for (let i = 0; i < 5; i++) expect((await app.get('/v1/user', person.token)).status).toBe(200);
    expect(await app.eventHeadPosition()).toBe(head);
    let listed: any;
    for (let i = 0; i < 50; i++) {
      listed = tokensOf(app).find((t) => t.email === 'used@acme.test');
      if (listed?.lastUsedAt) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(Date.now() - Date.parse(listed!.lastUsedAt!)).toBeLessThan(60_000);
  });
});

describe('tokens and the bootstrap across restarts', () => {
  let dataDir: string;

  beforeAll(async () => {
    await ensureHost();
    dataDir = mkdtempSync(join(tmpdir(), 'docs-e2e-restart-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** A server on `dataDir`, with what it logged while it started (its bootstrap). */
  const start = (mongoDb?: string) => TestApp.start({ dataDir, ...(mongoDb ? { mongoDb } : {}) }, { startLog: true });

  it('logs the bootstrap, and keeps a revoked token revoked after a restart (the revocation is replayed)', async () => {
    let server = await start();
    let revoked: string;
    let kept: string;
    const mongoDb = server.config.mongoDb;
    try {
      const bootstrap = server.startLog!.filter((l) => l.includes('[Bootstrap]'));
      expect(bootstrap).toEqual([
        expect.stringMatching(
          /^log \[Bootstrap\] first start on an empty event store: created the owner owner@docs\.local .*DOCS_BOOTSTRAP_TOKEN now works/,
        ),
      ]);
      expect(server.startLog!.join('\n')).not.toContain(OWNER_TOKEN);
      expect((await server.get('/v1/user', OWNER_TOKEN)).status).toBe(200);

      const a = await server.issueToken({ email: 'keeper@acme.test', tokenName: 'a' });
      const b = await server.issueToken({ email: 'keeper@acme.test', tokenName: 'b' });
      revoked = a.token;
      kept = b.token;
      expect(cli(server, ['tokens', 'revoke', a.tokenId]).code).toBe(0);
    } finally {
      await server.stop();
    }

    server = await start(mongoDb);
    try {
      expect(server.startLog!.filter((l) => l.includes('[Bootstrap]'))).toEqual([
        expect.stringMatching(
          new RegExp(
            String.raw`^warn \[Bootstrap\] DOCS_BOOTSTRAP_TOKEN is set but was ignored: ` +
              String.raw`the event store \(DATA_DIR .*\) already holds events.*still works`,
          ),
        ),
      ]);
      expect((await server.get('/v1/user', OWNER_TOKEN)).status).toBe(200);
      expect((await server.get('/v1/user', kept)).status).toBe(200);
      expect((await server.get('/v1/user', revoked)).status).toBe(401);
    } finally {
      await server.stop();
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
