import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { joinOrg, newPerson, orgWithPeople } from '../organizations/fixtures/org-members';
import { expectError, HttpResult, TestApp } from '../support/test-app';

/** Idempotency-Key (DESIGN.md, "Events > Idempotency"; IETF draft "The Idempotency-Key HTTP Header Field"). */
describe('Idempotency-Key', () => {
  let app: TestApp;
  beforeAll(async () => (app = await TestApp.start()));
  afterAll(() => app.stop());

  const send = (on: TestApp, method: string, path: string, key: string, body?: unknown, token?: string) =>
    on.request(method, path, { body, token, headers: { 'idempotency-key': key } });
  const keyed = (method: string, path: string, key: string, body?: unknown, token?: string) => send(app, method, path, key, body, token);
  const head = (on = app) => on.eventHeadPosition();
  const answerOf = (result: HttpResult) => ({ status: result.status, body: result.body, type: result.headers.get('content-type') });

  async function newOrg(on = app, title = 'Keyed Org'): Promise<string> {
    const created = await on.post('/v1/orgs', { title });
    expect(created.status).toBe(201);
    return created.body.id;
  }

  describe('the same key on a different request gets 422 and changes nothing (issue #7)', () => {
    let org: Awaited<ReturnType<typeof orgWithPeople>>;
    let orgPath: string;
    beforeAll(async () => {
      org = await orgWithPeople(app, 'reuse');
      orgPath = `/v1/orgs/${org.organizationId}`;
    });

    /** PATCH /v1/orgs/{id} with `key`, then nothing may be appended by what follows. */
    async function keyUsedOnOrgUpdate(key: string): Promise<bigint | null> {
      const renamed = await keyed('PATCH', orgPath, key, { title: `Renamed ${key}` });
      expect(renamed.status).toBe(200);
      return head();
    }
    const refused = (result: HttpResult, key: string) =>
      expectError(result, 422, new RegExp(`Idempotency-Key "${key}" was used for a different request`));

    it('on POST .../link-invites', async () => {
      const before = await keyUsedOnOrgUpdate('reuse-link-invite');
      refused(await keyed('POST', `${orgPath}/link-invites`, 'reuse-link-invite', { role: 'read' }), 'reuse-link-invite');
      expect(await head()).toBe(before);
      expect((await app.get(`${orgPath}/link-invites`)).body.count).toBe(0);
    });

    it('on POST .../invites', async () => {
      const newcomer = await newPerson(app, 'Nina Newcomer');
      const before = await keyUsedOnOrgUpdate('reuse-invite');
      refused(
        await keyed('POST', `${orgPath}/invites`, 'reuse-invite', { emails: [{ email: newcomer.email, role: 'read' }] }),
        'reuse-invite',
      );
      expect(await head()).toBe(before);
      expectError(await app.get(`${orgPath}/members/${newcomer.userId}`), 404);
    });

    it('on PATCH .../members/{userId}', async () => {
      const before = await keyUsedOnOrgUpdate('reuse-role');
      refused(await keyed('PATCH', `${orgPath}/members/${org.member.userId}`, 'reuse-role', { role: 'admin' }), 'reuse-role');
      expect(await head()).toBe(before);
      expect((await app.get(`${orgPath}/members/${org.member.userId}`)).body.role).toBe('read');
    });

    it('on DELETE .../members/{userId}', async () => {
      const before = await keyUsedOnOrgUpdate('reuse-remove');
      refused(await keyed('DELETE', `${orgPath}/members/${org.member.userId}`, 'reuse-remove'), 'reuse-remove');
      expect(await head()).toBe(before);
      expect((await app.get(`${orgPath}/members/${org.member.userId}`)).status).toBe(200);
    });
  });

  describe('a retry of the same request', () => {
    it('gets the first answer again, even after later changes, and appends nothing', async () => {
      const orgPath = `/v1/orgs/${await newOrg()}`;
      const first = await keyed('PATCH', orgPath, 'same-1', { title: 'First' });
      expect(first.status).toBe(200);
      expect(first.body.title).toBe('First');
      expect((await keyed('PATCH', orgPath, 'same-2', { title: 'Second' })).status).toBe(200);
      const before = await head();

      const retry = await keyed('PATCH', orgPath, 'same-1', { title: 'First' });
      expect(answerOf(retry)).toEqual(answerOf(first));
      expect(await head()).toBe(before);
      expect((await app.get(orgPath)).body.title).toBe('Second');
    });

    it('replays a create (201 with its Location, as first answered) and a delete (204)', async () => {
      const created = await keyed('POST', '/v1/orgs', 'create-once', { title: 'Created Once' });
      expect(created.status).toBe(201);
      expect((await keyed('PATCH', `/v1/orgs/${created.body.id}`, 'rename-created', { title: 'Renamed Since' })).status).toBe(200);
      const before = await head();
      const again = await keyed('POST', '/v1/orgs', 'create-once', { title: 'Created Once' });
      expect(answerOf(again)).toEqual(answerOf(created));
      expect(again.body.title).toBe('Created Once');
      expect(again.headers.get('location')).toBe(created.headers.get('location'));
      expect(await head()).toBe(before);

      const { organizationId, member } = await orgWithPeople(app, 'retry-delete');
      const path = `/v1/orgs/${organizationId}/members/${member.userId}`;
      expect((await keyed('DELETE', path, 'remove-once')).status).toBe(204);
      const removedAt = await head();
      const retried = await keyed('DELETE', path, 'remove-once');
      expect(retried.status).toBe(204);
      expect(retried.body).toBeUndefined();
      expect(await head()).toBe(removedAt);
    });

    it('is the same request whatever the order of the body keys, and another one when a value differs', async () => {
      const { organizationId } = await orgWithPeople(app, 'key-order');
      const newcomer = await newPerson(app, 'Otto Order');
      const path = `/v1/orgs/${organizationId}/invites`;
      const rawBody = (json: string) =>
        app.request('POST', path, { rawBody: json, headers: { 'content-type': 'application/json', 'idempotency-key': 'order' } });
      const first = await rawBody(`{"emails":[{"email":"${newcomer.email}","role":"edit"}],"sso":false}`);
      expect(first.status).toBe(200);
      const before = await head();
      const reordered = await rawBody(`{"sso":false,"emails":[{"role":"edit","email":"${newcomer.email}"}]}`);
      expect(answerOf(reordered)).toEqual(answerOf(first));
      expectError(await rawBody(`{"sso":false,"emails":[{"role":"admin","email":"${newcomer.email}"}]}`), 422);
      expect(await head()).toBe(before);
    });

    it('answers 409 while the first is still running, then gets its answer', async () => {
      const orgPath = `/v1/orgs/${await newOrg()}`;
      // The first request's wait for the projections is held: it stays in flight until released.
      await app.nextProjectionWait('hold');
      try {
        const first = keyed('PATCH', orgPath, 'slow', { title: 'Slow' });
        await app.projectionWaitHeld();
        expectError(await keyed('PATCH', orgPath, 'slow', { title: 'Slow' }), 409, /Idempotency-Key "slow" is still being processed/);
        await app.releaseProjectionWait();
        const answered = await first;
        expect(answered.status).toBe(200);
        expect(answerOf(await keyed('PATCH', orgPath, 'slow', { title: 'Slow' }))).toEqual(answerOf(answered));
      } finally {
        await app.releaseProjectionWait();
      }
    });
  });

  it('scopes keys to the caller: another user may use the same key', async () => {
    const { organizationId, admin } = await orgWithPeople(app, 'scope');
    const orgPath = `/v1/orgs/${organizationId}`;
    expect((await keyed('PATCH', orgPath, 'shared', { title: 'By the owner' })).status).toBe(200);
    const byAdmin = await keyed('PATCH', orgPath, 'shared', { title: 'By the admin' }, admin.token);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.title).toBe('By the admin');
    expectError(await keyed('PATCH', orgPath, 'shared', { title: 'By the owner again' }), 422);
  });

  it('is ignored by GET, malformed or not', async () => {
    const orgPath = `/v1/orgs/${await newOrg(app, 'Read Me')}`;
    expect((await keyed('GET', orgPath, 'read-key')).body.title).toBe('Read Me');
    expect((await keyed('PATCH', orgPath, 'read-key', { title: 'Changed' })).status).toBe(200);
    const read = await keyed('GET', orgPath, 'read-key');
    expect(read.status).toBe(200);
    expect(read.body.title).toBe('Changed');
    expect((await keyed('GET', orgPath, 'x'.repeat(300))).status).toBe(200);
    expectError(await keyed('PATCH', orgPath, 'x'.repeat(300), { title: 'Nope' }), 400, /Idempotency-Key/);
  });

  it('stores client errors (4xx) for replay but not server errors (5xx)', async () => {
    const { organizationId } = await orgWithPeople(app, 'final');
    const orgPath = `/v1/orgs/${organizationId}`;
    const newcomer = await newPerson(app, 'Fay Final');
    const notYet = await keyed('PATCH', `${orgPath}/members/${newcomer.userId}`, 'final-404', { role: 'admin' });
    expectError(notYet, 404);
    await joinOrg(app, organizationId, newcomer, 'read');
    expect(answerOf(await keyed('PATCH', `${orgPath}/members/${newcomer.userId}`, 'final-404', { role: 'admin' }))).toEqual(
      answerOf(notYet),
    );

    const before = (await head())!;
    await app.nextProjectionWait('fail', ['organizations']);
    expectError(await keyed('PATCH', orgPath, 'final-503', { title: 'Eventually' }), 503, /saved/);
    const retry = await keyed('PATCH', orgPath, 'final-503', { title: 'Eventually' });
    expect(retry.status).toBe(200);
    expect(retry.body.title).toBe('Eventually');
    // The 503 had stored the change; the retry ran again without appending it twice.
    expect(await head()).toBe(before + 1n);
  });

  it('forgets keys after IDEMPOTENCY_KEY_TTL_SECONDS', async () => {
    const short = await TestApp.start({ idempotencyKeyTtlSeconds: 1 });
    try {
      const orgPath = `/v1/orgs/${await newOrg(short)}`;
      expect((await send(short, 'PATCH', orgPath, 'short-lived', { title: 'One' })).status).toBe(200);
      expectError(await send(short, 'PATCH', orgPath, 'short-lived', { title: 'Two' }), 422);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const later = await send(short, 'PATCH', orgPath, 'short-lived', { title: 'Two' });
      expect(later.status).toBe(200);
      expect(later.body.title).toBe('Two');
      expect((await short.get(orgPath)).body.title).toBe('Two');
    } finally {
      await short.stop();
    }
  });

  it('keeps keys across a restart on the same DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'docs-e2e-idempotency-'));
    let running = await TestApp.start({ dataDir });
    try {
      const orgPath = `/v1/orgs/${await newOrg(running)}`;
      const first = await send(running, 'PATCH', orgPath, 'durable', { title: 'Before Restart' });
      expect(first.status).toBe(200);
      const mongoDb = running.config.mongoDb;
      await running.stop();
      running = await TestApp.start({ dataDir, mongoDb });

      const before = await head(running);
      expect(answerOf(await send(running, 'PATCH', orgPath, 'durable', { title: 'Before Restart' }))).toEqual(answerOf(first));
      expectError(await send(running, 'PATCH', orgPath, 'durable', { title: 'After Restart' }), 422);
      expect(await head(running)).toBe(before);
    } finally {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
