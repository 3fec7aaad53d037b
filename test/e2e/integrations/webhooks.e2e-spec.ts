import { FakeClock } from '@docs/platform/testing/fake-clock';
import { joinOrg, leaveOrg, newPerson, orgWithPeople } from '../organizations/fixtures/org-members';
import { AnswerSchemas } from '../support/answer-schemas';
import { createSpace, expectValidAnswer, spacePath } from '../support/content-world';
import { jsonLines, runCli } from '../support/processes';
import { collectAll, expectError, HttpResult, TestApp } from '../support/test-app';
import { WebhookReceiver } from './webhook-receiver';

const T = {
  list: '/v1/orgs/{organizationId}/webhooks',
  one: '/v1/orgs/{organizationId}/webhooks/{webhookId}',
  secret: '/v1/orgs/{organizationId}/webhooks/{webhookId}/secret',
  deliveries: '/v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries',
  delivery: '/v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}',
};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Past the longest back-off (6 h, plus 20% jitter): every pending attempt is due after it. */
const PAST_BACKOFF = 8 * HOUR;

/** Polls `read` (an HTTP read, which also brings the app's clock up to the suite's) until `done` holds. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Webhooks', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let receiver: WebhookReceiver;
  const clock = new FakeClock();
  let people: Awaited<ReturnType<typeof orgWithPeople>>;
  let path = 0;
  const valid = (method: string, template: string, res: HttpResult) => expectValidAnswer(schemas, method, template, res);
  const hooks = () => `/v1/orgs/${people.organizationId}/webhooks`;

  /** A subscription to a fresh receiver path whose secret the receiver verifies with. */
  async function subscribe(body: Record<string, unknown> = {}, token?: string) {
    const at = `/hook-${++path}`;
    const res = await app.post(hooks(), { url: receiver.url(at), events: ['space.created', 'space.updated'], ...body }, token);
    expect(res.status).toBe(201);
    receiver.secret(at, res.body.secret);
    return { id: res.body.id as string, path: at, body: res.body };
  }
  const deliveries = (id: string) => collectAll(app, `${hooks()}/${id}/deliveries`);
  const deliveriesUntil = (id: string, done: (items: any[]) => boolean) => eventually(() => deliveries(id), done);

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    app = await TestApp.start({ outboundAllowHosts: ['127.0.0.1'], webhookPollMs: 20, webhookTimeoutMs: 1500 }, { clock });
    schemas = await AnswerSchemas.load(app.url);
    people = await orgWithPeople(app, `hooks-${Date.now()}`);
  });
  afterAll(async () => {
    await app.stop();
    await receiver.stop();
  });

  it('creates a subscription (the secret shown once), reads, lists, changes, rotates and deletes it', async () => {
    const created = await subscribe({ description: 'CI' });
    valid('POST', T.list, { status: 201, body: created.body } as HttpResult);
    expect(created.body).toMatchObject({ object: 'webhook', active: true, space: null, description: 'CI', disabledAt: null });
    expect(created.body.secret).toMatch(/^whsec_/);
    const one = await app.get(`${hooks()}/${created.id}`);
    valid('GET', T.one, one);
    expect(one.body).not.toHaveProperty('secret');
    expect(one.body.events).toEqual(['space.created', 'space.updated']);
    const listed = await app.get(`${hooks()}?limit=1`);
    valid('GET', T.list, listed);
    expect(listed.body.count).toBeGreaterThanOrEqual(1);

    const changed = await app.patch(`${hooks()}/${created.id}`, { events: ['page.updated'], active: false });
    valid('PATCH', T.one, changed);
    expect(changed.body).toMatchObject({ events: ['page.updated'], active: false, description: 'CI' });

    const rotated = await app.post(`${hooks()}/${created.id}/secret`);
    valid('POST', T.secret, rotated);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);

    expect((await app.delete(`${hooks()}/${created.id}`)).status).toBe(204);
    expectError(await app.get(`${hooks()}/${created.id}`), 404, /webhook not found/);
  });

  it('validates at the edge: URL scheme and address, event types, unknown fields', async () => {
    const post = (body: Record<string, unknown>) => app.post(hooks(), { url: receiver.url('/x'), events: ['space.created'], ...body });
    expectError(await post({ url: 'http://example.com/hook' }), 400, /url must be https/);
    expectError(await post({ url: 'ftp://example.com/hook' }), 400, /url/);
    expectError(await post({ url: 'not a url' }), 400, /url must be an http\(s\) URL/);
    expectError(await post({ url: 'https://10.0.0.7/hook' }), 422, /refused/);
    expectError(await post({ events: ['page.eaten'] }), 400, /events must be among/);
    expectError(await post({ events: [] }), 400, /events/);
    expectError(await post({ events: ['space.created', 'space.created'] }), 400, /events.*unique/);
    expectError(await post({ secret: 'mine' }), 400, /secret/);
    expectError(await post({ space: 'no-such-space' }), 404, /space/);
    expectError(await app.post(`${hooks()}/whatever/redeliver`, { since: 'yesterday' }), 400, /since must be an ISO 8601/);
  });

  it('lets only organization admins manage and read webhooks (401, 403, 404)', async () => {
    const { id } = await subscribe();
    expectError(await app.get(hooks(), null), 401);
    expectError(await app.get(hooks(), people.member.token), 403, /admins/);
    expectError(await app.post(hooks(), { url: receiver.url('/y'), events: ['space.created'] }, people.member.token), 403, /admins/);
    expectError(await app.get(`${hooks()}/${id}/deliveries`, people.guest.token), 403, /admins/);
    expectError(await app.get(hooks(), people.outsider.token), 404);
    expectError(await app.delete(`${hooks()}/${id}`, people.outsider.token), 404);
    expect((await app.get(`${hooks()}/${id}`, people.admin.token)).status).toBe(200);
  });

  it('delivers signed events in log order, the delivery log recording each attempt', async () => {
    const hook = await subscribe();
    const space = await createSpace(app, people.organizationId, { title: 'Signed' });
    for (const title of ['One', 'Two', 'Three']) expect((await app.patch(spacePath(space.id), { title })).status).toBe(200);
    const got = await receiver.until(hook.path, 4);
    expect(got.map((r) => r.payload.type)).toEqual(['space.created', 'space.updated', 'space.updated', 'space.updated']);
    expect(got.every((r) => r.verified)).toBe(true);
    expect(got[0]!.payload.data).toMatchObject({ organizationId: people.organizationId, spaceId: space.id });
    expect(new Set(got.map((r) => r.id)).size).toBe(4);

    const log = await deliveriesUntil(hook.id, (items) => items.length === 4 && items.every((d) => d.status === 'delivered'));
    expect(log.map((d) => d.id).reverse()).toEqual(got.map((r) => r.id));
    const listed = await app.get(`${hooks()}/${hook.id}/deliveries?limit=2`);
    valid('GET', T.deliveries, listed);
    expect(listed.body).toMatchObject({ count: 4, next: { page: expect.any(String) } });
    const detail = await app.get(`${hooks()}/${hook.id}/deliveries/${got[0]!.id}`);
    valid('GET', T.delivery, detail);
    expect(detail.body).toMatchObject({ status: 'delivered', attempts: 1, type: 'space.created' });
    expect(detail.body.attemptLog).toEqual([
      { at: expect.any(String), status: 200, durationMs: expect.any(Number), response: 'ok', error: null },
    ]);
  });

  it('retries a failed delivery after its back-off with the same webhook-id, holding later events back meanwhile', async () => {
    const hook = await subscribe();
    receiver.answer(hook.path, { status: 503, body: 'down for maintenance' });
    const space = await createSpace(app, people.organizationId, { title: 'Retried' });
    await receiver.until(hook.path, 1);
    const [first] = await deliveriesUntil(hook.id, (items) => items[0]?.attempts === 1);
    expect(first).toMatchObject({ type: 'space.created', status: 'pending', attempts: 1, nextAttemptAt: expect.any(String) });
    const detail = await app.get(`${hooks()}/${hook.id}/deliveries/${first.id}`);
    expect(detail.body.attemptLog[0]).toMatchObject({ status: 503, response: 'down for maintenance', error: expect.stringMatching(/503/) });
    // An event after the failure waits behind it: only the first was sent.
    await app.patch(spacePath(space.id), { title: 'Retried again' });
    const queued = await deliveriesUntil(hook.id, (items) => items.length === 2);
    expect(queued[0]).toMatchObject({ type: 'space.updated', status: 'pending', attempts: 0 });
    expect(receiver.at(hook.path).map((r) => r.payload.type)).not.toContain('space.updated');

    receiver.answer(hook.path, { status: 204 });
    clock.advance(10 * MINUTE);
    await deliveriesUntil(hook.id, (items) => items.every((d) => d.status === 'delivered'));
    const got = receiver.at(hook.path);
    const types = got.map((r) => r.payload.type);
    expect(types.slice(-1)).toEqual(['space.updated']);
    expect(types.filter((t) => t === 'space.created').length).toBe(types.length - 1);
    expect(new Set(got.slice(0, -1).map((r) => r.id)).size).toBe(1);
    expect(got.every((r) => r.verified)).toBe(true);
  });

  it('keeps log order with several deliveries in flight on one connection (a receiver that answers slowly)', async () => {
    const hook = await subscribe();
    receiver.answer(hook.path, { hold: true });
    const space = await createSpace(app, people.organizationId, { title: 'In flight' });
    await receiver.until(hook.path, 1);
    // While the first is unanswered, four more events queue behind it: the next window holds them all.
    const titles = ['One', 'Two', 'Three', 'Four'];
    for (const title of titles) expect((await app.patch(spacePath(space.id), { title })).status).toBe(200);
    await deliveriesUntil(hook.id, (items) => items.length === 5);
    receiver.answer(hook.path, { status: 200 });
    receiver.release();
    // Had the held one timed out meanwhile (a slow machine), its retry comes due now; order holds all the same.
    clock.advance(10 * MINUTE);
    const log = await deliveriesUntil(hook.id, (items) => items.length === 5 && items.every((d) => d.status === 'delivered'));
    const firstSeen = [...new Map(receiver.at(hook.path).map((r) => [r.id, r])).values()];
    expect(firstSeen.map((r) => r.id)).toEqual(log.map((d) => d.id).reverse());
    expect(firstSeen.map((r) => r.payload.type)).toEqual(['space.created', ...titles.map(() => 'space.updated')]);
    expect(firstSeen.every((r) => r.verified)).toBe(true);
  });

  it('a receiver that does not answer delays only its own subscription', async () => {
    const slow = await subscribe();
    const fast = await subscribe();
    receiver.answer(slow.path, { hold: true });
    const space = await createSpace(app, people.organizationId, { title: 'Slow and fast' });
    await receiver.until(slow.path, 1);
    await app.patch(spacePath(space.id), { title: 'Faster' });
    const got = await receiver.until(fast.path, 2);
    expect(got.map((r) => r.payload.type)).toEqual(['space.created', 'space.updated']);
    expect(receiver.at(slow.path)).toHaveLength(1);
    receiver.answer(slow.path, { status: 200 });
    receiver.release();
  });

  it('fails a delivery for good after a day of retries, redelivers failed ones since a time, and one by id', async () => {
    const hook = await subscribe({ events: ['space.created'] });
    receiver.answer(hook.path, { status: 500 });
    const since = new Date(clock.now().getTime() - MINUTE).toISOString();
    await createSpace(app, people.organizationId, { title: 'Doomed' });
    let attempts = 0;
    for (;;) {
      const [delivery] = await deliveriesUntil(hook.id, (items) => items.length === 1 && items[0].attempts > attempts);
      attempts = delivery.attempts;
      if (delivery.status === 'failed') break;
      clock.advance(PAST_BACKOFF);
    }
    expect(attempts).toBeGreaterThanOrEqual(4);
    const before = receiver.at(hook.path).length;

    receiver.answer(hook.path, { status: 200 });
    expect((await app.post(`${hooks()}/${hook.id}/redeliver`, { since })).status).toBe(202);
    const [redelivered] = await deliveriesUntil(hook.id, (items) => items[0]?.status === 'delivered');
    const got = await receiver.until(hook.path, before + 1);
    expect(got[got.length - 1]!.id).toBe(redelivered.id);

    expect((await app.post(`${hooks()}/${hook.id}/deliveries/${redelivered.id}/redeliver`)).status).toBe(202);
    const again = await receiver.until(hook.path, before + 2);
    expect(again[again.length - 1]).toMatchObject({ id: redelivered.id, verified: true });
    expectError(await app.post(`${hooks()}/${hook.id}/deliveries/msg_nothing/redeliver`), 404, /delivery not found/);
  });

  it('disables a subscription whose deliveries fail for 3 days, in the audit trail', async () => {
    const hook = await subscribe({ events: ['space.created'] });
    receiver.answer(hook.path, { status: 500 });
    // Each delivery is retried for a day, and a new one comes every 8 hours: it fails for 3 days.
    await createSpace(app, people.organizationId, { title: 'Unreachable' });
    const started = clock.now().getTime();
    await receiver.until(hook.path, 1);
    const attemptsIn = (items: any[]) => items.reduce((n, d) => n + d.attempts, 0);
    const state = async () => ({
      active: (await app.get(`${hooks()}/${hook.id}`)).body.active,
      attempts: attemptsIn(await deliveries(hook.id)),
    });
    let seen = 0;
    for (;;) {
      // Each turn: the attempt that the clock made due, or the subscription disabled by it.
      const now = await eventually(state, (s) => !s.active || s.attempts > seen);
      if (!now.active) break;
      seen = now.attempts;
      if (clock.now().getTime() - started > 5 * 24 * HOUR) throw new Error('not disabled after 5 days');
      clock.advance(PAST_BACKOFF);
      await createSpace(app, people.organizationId, { title: `Unreachable ${seen}` });
    }
    const disabled = (await app.get(`${hooks()}/${hook.id}`)).body;
    expect(disabled).toMatchObject({
      active: false,
      disabledAt: expect.any(String),
      disabledReason: expect.stringMatching(/failed since/),
    });
    const audit = await app.get(`/v1/orgs/${people.organizationId}/audit-events?limit=1000`);
    const trail = audit.body.items.filter((e: any) => e.target.id === hook.id).map((e: any) => `${e.action} by ${e.actor.type}`);
    expect(trail).toEqual(
      expect.arrayContaining([expect.stringMatching(/disabled by system/i), expect.stringMatching(/created by user/i)]),
    );
    // Turned on again by an admin, it delivers.
    receiver.answer(hook.path, { status: 200 });
    const on = await app.patch(`${hooks()}/${hook.id}`, { active: true });
    expect(on.body).toMatchObject({ active: true, disabledAt: null });
    await createSpace(app, people.organizationId, { title: 'Reachable again' });
    clock.advance(PAST_BACKOFF);
    await deliveriesUntil(hook.id, (items) => items.some((d) => d.status === 'delivered'));
  });

  it('lists subscriptions and deliveries and redelivers from the operator CLI', async () => {
    const hook = await subscribe({ events: ['space.created'] });
    await createSpace(app, people.organizationId, { title: 'Operated' });
    const [delivery] = await deliveriesUntil(hook.id, (items) => items[0]?.status === 'delivered');
    const cli = (...args: string[]) => runCli(['webhooks', ...args, '--json'], { DATA_DIR: app.config.dataDir });
    const listed = cli('list', '--org', people.organizationId);
    expect(listed.code).toBe(0);
    expect(jsonLines(listed.stdout).find((w) => w.id === hook.id)).toMatchObject({ url: receiver.url(hook.path), active: true });
    expect(listed.stdout).not.toContain('whsec_');
    const log = cli('deliveries', hook.id);
    expect(jsonLines(log.stdout)).toEqual([expect.objectContaining({ id: delivery.id, status: 'delivered', attempts: 1 })]);
    const before = receiver.at(hook.path).length;
    expect(cli('redeliver', hook.id, '--delivery', delivery.id).code).toBe(0);
    const again = await receiver.until(hook.path, before + 1);
    expect(again[again.length - 1]).toMatchObject({ id: delivery.id, verified: true });
    expect(runCli(['webhooks', 'redeliver', hook.id], { DATA_DIR: app.config.dataDir }).code).toBe(2);
  });

  it("delivers only what the subscription's creator may still see, and a space subscription only its space's events", async () => {
    const creator = await newPerson(app, 'Temporary admin');
    await joinOrg(app, people.organizationId, creator, 'admin');
    const spaceA = await createSpace(app, people.organizationId, { title: 'A' });
    const spaceB = await createSpace(app, people.organizationId, { title: 'B' });
    const ofSpace = await subscribe({ space: spaceA.id, events: ['space.updated'] });
    const byCreator = await subscribe({ events: ['space.updated'] }, creator.token);
    await app.patch(spacePath(spaceB.id), { title: 'B1' });
    await app.patch(spacePath(spaceA.id), { title: 'A1' });
    const got = await receiver.until(ofSpace.path, 1);
    expect(got.map((r) => r.payload.data.spaceId)).toEqual([spaceA.id]);
    await receiver.until(byCreator.path, 2);

    await leaveOrg(app, people.organizationId, creator.userId);
    await app.patch(spacePath(spaceA.id), { title: 'A2' });
    const log = await deliveriesUntil(byCreator.id, (items) => items.length === 3 && items[0].status !== 'pending');
    expect(log[0]).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/can no longer see/) });
    expect(receiver.at(byCreator.path)).toHaveLength(2);
  });
});
