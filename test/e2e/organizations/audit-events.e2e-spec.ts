import { collectAll, expectError, TestApp } from '../support/test-app';
import { expectGitbookSchema } from '../support/gitbook-schema';

/** Admins read the organization's history over HTTP: the same events `events read` prints. */
describe('organization audit events', () => {
  let app: TestApp;
  let ownerId: string;
  let editor: { token: string; userId: string };
  let outsider: { token: string; userId: string };
  let orgId: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    ownerId = (await app.get('/v1/user')).body.id;
    editor = await app.tokenFor('editor@audit.test', 'Eddie Editor');
    outsider = await app.tokenFor('outsider@audit.test', 'Otto Outsider');
    const org = await app.request('POST', '/v1/orgs', { body: { title: 'Audited Org' }, headers: { 'x-request-id': 'audit-create' } });
    orgId = org.body.id;
    expect((await app.post(`/v1/orgs/${orgId}/invites`, { emails: ['editor@audit.test'], role: 'edit' })).status).toBe(200);
    expect((await app.patch(`/v1/orgs/${orgId}`, { title: 'Audited Org 2' })).status).toBe(200);
    expect((await app.put(`/v1/orgs/${orgId}/teams`, { title: 'Writers' })).status).toBe(201);
  });
  afterAll(() => app.stop());

  it('lists every change newest first, with actor, source and target', async () => {
    const res = await app.get(`/v1/orgs/${orgId}/audit-events`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((e: { action: string }) => e.action)).toEqual([
      'TeamCreated',
      'OrganizationSettingsChanged',
      'MemberJoined',
      'MemberJoined',
      'OrganizationCreated',
    ]);
    expect(res.body.count).toBe(5);
    const created = res.body.items[4];
    expect(created).toEqual({
      object: 'audit-event',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      occurredAt: expect.any(String),
      action: 'OrganizationCreated',
      actor: { type: 'user', id: ownerId, label: 'Owner <owner@docs.local>' },
      source: 'api',
      target: { type: 'organization', id: orgId },
      urls: { location: `http://api.test/v1/orgs/${orgId}/audit-events/${created.id}` },
    });
    for (const e of res.body.items) expectGitbookSchema('AuditEvent', e);
    expect(res.body.items[2].target).toEqual({ type: 'member', id: editor.userId });
  });

  it('returns one event with its correlation id and payload', async () => {
    const list = await app.get(`/v1/orgs/${orgId}/audit-events?action=OrganizationCreated`);
    const one = await app.get(`/v1/orgs/${orgId}/audit-events/${list.body.items[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      action: 'OrganizationCreated',
      correlationId: 'audit-create',
      schemaVersion: 1,
      payload: { organizationId: orgId, title: 'Audited Org', createdBy: ownerId },
    });
    expectGitbookSchema('AuditEventDetails', one.body);
  });

  it('filters by action, actor, target and time, and pages newest first', async () => {
    const byAction = await app.get(`/v1/orgs/${orgId}/audit-events?action=MemberJoined`);
    expect(byAction.body.count).toBe(2);
    const byTarget = await app.get(`/v1/orgs/${orgId}/audit-events?target=${editor.userId}`);
    expect(byTarget.body.items.map((e: { action: string }) => e.action)).toEqual(['MemberJoined']);
    const byActor = await app.get(`/v1/orgs/${orgId}/audit-events?actor=${editor.userId}`);
    expect(byActor.body).toEqual({ count: 0, items: [] });
    const future = await app.get(`/v1/orgs/${orgId}/audit-events?from=2999-01-01T00:00:00Z`);
    expect(future.body.count).toBe(0);
    const past = await app.get(`/v1/orgs/${orgId}/audit-events?to=2000-01-01T00:00:00Z`);
    expect(past.body.count).toBe(0);

    const paged = await collectAll(app, `/v1/orgs/${orgId}/audit-events?limit=2`);
    const whole = (await app.get(`/v1/orgs/${orgId}/audit-events`)).body.items;
    expect(paged).toEqual(whole);
  });

  it('lists the audit actions', async () => {
    const res = await app.get(`/v1/orgs/${orgId}/audit-event-actions`);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(
      expect.arrayContaining([{ object: 'audit-event-action', id: 'MemberRemoved', label: 'Member removed' }]),
    );
    for (const a of res.body.items) expectGitbookSchema('AuditEventAction', a);
  });

  it('is for admins only: 403 for members, 404 for others, 401 without a token', async () => {
    expectError(await app.get(`/v1/orgs/${orgId}/audit-events`, editor.token), 403, /admins/);
    expectError(await app.get(`/v1/orgs/${orgId}/audit-event-actions`, editor.token), 403);
    expectError(await app.get(`/v1/orgs/${orgId}/audit-events`, outsider.token), 404);
    expectError(await app.get(`/v1/orgs/${orgId}/audit-events`, null), 401);
    expectError(await app.get(`/v1/orgs/${orgId}/audit-events/00000000-0000-4000-8000-000000000000`), 404);
    expectError(await app.get(`/v1/orgs/${orgId}/audit-events/not-a-uuid`), 404);
  });

  it.each([
    ['from=yesterday', /from/],
    ['to=2020-13-45', /to/],
    ['limit=0', /limit/],
    ['bogus=1', /bogus/],
  ])('rejects %s with 400', async (query, message) => {
    expectError(await app.get(`/v1/orgs/${orgId}/audit-events?${query}`), 400, message);
  });
});
