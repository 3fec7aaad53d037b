import { randomUUID } from 'node:crypto';
import { FakeClock } from '@docs/platform/testing/fake-clock';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, expectValidAnswer, grant, spacePath } from '../support/content-world';
import { collectAll, expectError, HttpResult, TestApp } from '../support/test-app';

const LIST = '/v1/spaces/{spaceId}/change-requests';
const ONE = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}';
const crsOf = (spaceId: string) => `${spacePath(spaceId)}/change-requests`;
const crPath = (spaceId: string, changeRequestId: string | number) => `${crsOf(spaceId)}/${changeRequestId}`;
const ids = (items: { id: string }[]) => items.map((c) => c.id);

describe('change requests', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let org: string;
  let clock: FakeClock;

  beforeAll(async () => {
    clock = new FakeClock();
    app = await TestApp.start({}, { clock });
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'change-requests');
    org = cast.organizationId;
  });
  afterAll(() => app.stop());

  const valid = (method: string, template: string, res: HttpResult) => expectValidAnswer(schemas, method, template, res, 'ChangeRequest');

  /** Creates a change request (as the owner unless `token`), a second later than the last write. */
  async function createCr(spaceId: string, body: object = {}, token?: string): Promise<any> {
    clock.advance(1000);
    const res = await app.post(crsOf(spaceId), body, token);
    if (res.status !== 201) throw new Error(`could not create change request: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async function patchCr(spaceId: string, cr: string | number, body: object, token?: string) {
    clock.advance(1000);
    return app.patch(crPath(spaceId, cr), body, token);
  }

  describe('POST /v1/spaces/{spaceId}/change-requests (createChangeRequest)', () => {
    it('creates an open change request from the live revision, answering 201 with Location, and counts it on the space', async () => {
      const space = await createSpace(app, org, { title: 'Handbook' });
      const res = await app.post(crsOf(space.id), { subject: 'Fix typos' });
      expect(res.status).toBe(201);
      valid('POST', LIST, res);
      const cr = res.body;
      expect(cr).toEqual({
        object: 'change-request',
        id: expect.stringMatching(/^(?=.*[A-Za-z])[A-Za-z0-9]{20}$/),
        number: 1,
        status: 'open',
        subject: 'Fix typos',
        createdBy: {
          object: 'user',
          id: cast.ownerId,
          displayName: expect.any(String),
          email: expect.any(String),
          urls: { location: `http://api.test/v1/users/${cast.ownerId}` },
        },
        createdAt: expect.any(String),
        updatedAt: cr.createdAt,
        space: space.id,
        revision: space.revision,
        revisionInitial: space.revision,
        revisionMergedAncestor: space.revision,
        comments: 0,
        outdated: false,
        urls: {
          location: `http://api.test/v1/spaces/${space.id}/change-requests/${cr.id}`,
          app: `http://app.test/s/${space.id}/~/changes/${cr.id}`,
        },
      });
      expect(res.headers.get('location')).toBe(cr.urls.location);
      expect(new Date(cr.createdAt).toISOString()).toBe(cr.createdAt);
      // Read your writes: the change request and the space's counters.
      expect((await app.get(crPath(space.id, cr.id))).body).toEqual({ ...cr, mergeability: expect.any(Object) });
      expect((await app.get(spacePath(space.id))).body).toMatchObject({ changeRequests: 1, changeRequestsOpen: 1, changeRequestsDraft: 0 });
    });

    it('numbers change requests from 1 in each space, and takes an empty subject without a body', async () => {
      const a = await createSpace(app, org, { title: 'A' });
      const b = await createSpace(app, org, { title: 'B' });
      const bare = await app.post(crsOf(a.id));
      expect(bare.status).toBe(201);
      expect(bare.body).toMatchObject({ number: 1, subject: '', status: 'open' });
      expect((await createCr(a.id, {})).number).toBe(2);
      expect((await createCr(b.id, { subject: 'x'.repeat(100) })).number).toBe(1);
      expect((await createCr(a.id, { subject: '' })).number).toBe(3);
      expect((await app.get(spacePath(a.id))).body).toMatchObject({ changeRequests: 3, changeRequestsOpen: 3 });
      expect((await app.get(spacePath(b.id))).body).toMatchObject({ changeRequests: 1, changeRequestsOpen: 1 });
    });

    it('lets editors (and members granted edit) create, naming them as the creator', async () => {
      const space = await createSpace(app, org, { title: 'By editors' });
      const res = await app.post(crsOf(space.id), { subject: 'Mine' }, cast.editor.token);
      expect(res.status).toBe(201);
      valid('POST', LIST, res);
      expect(res.body.createdBy).toMatchObject({ object: 'user', id: cast.editor.userId });
      await grant(app, space.id, { role: 'edit', users: [cast.guest.userId] });
      expect((await app.post(crsOf(space.id), {}, cast.guest.token)).body).toMatchObject({
        number: 2,
        createdBy: { id: cast.guest.userId },
      });
    });

    it.each([
      [{ subject: 'x'.repeat(101) }, /subject must be shorter than or equal to 100 characters/],
      [{ subject: null }, /subject/],
      [{ subject: 7 }, /subject must be a string/],
      [{ template: { id: 't' } }, /template is not supported: templates are not served/],
      [{ agentTaskId: 'task' }, /property agentTaskId should not exist/],
      [{ status: 'draft' }, /property status should not exist/],
    ])('refuses %j with 400', async (body, message) => {
      const space = await createSpace(app, org, { title: 'Validation' });
      expectError(await app.post(crsOf(space.id), body), 400, message);
      expect((await app.get(spacePath(space.id))).body.changeRequests).toBe(0);
    });

    it(
      'needs the edit role: 403 for readers and commenters, 404 for guests without a grant, non-members ' +
        'and unknown spaces, 401 without a token',
      async () => {
        const space = await createSpace(app, org, { title: 'Guarded' });
        expectError(await app.post(crsOf(space.id), { subject: 'x' }, cast.reader.token), 403, /creating change requests/);
        await grant(app, space.id, { role: 'comment', users: [cast.guest.userId] });
        expectError(await app.post(crsOf(space.id), { subject: 'x' }, cast.guest.token), 403, /creating change requests/);
        const hidden = await createSpace(app, org, { title: 'Hidden' });
        expectError(await app.post(crsOf(hidden.id), { subject: 'x' }, cast.guest.token), 404, /space not found/);
        expectError(await app.post(crsOf(space.id), { subject: 'x' }, cast.outsider.token), 404, /space not found/);
        expectError(await app.post(crsOf('unknownSpace00000000'), { subject: 'x' }), 404, /space not found/);
        expectError(await app.post(crsOf(space.id), { subject: 'x' }, null), 401);
        // Nothing was allocated: the first change request is still number 1.
        expect((await createCr(space.id)).number).toBe(1);
        expect((await app.get(spacePath(space.id))).body.changeRequests).toBe(1);
      },
    );
  });

  describe('GET /v1/spaces/{spaceId}/change-requests/{changeRequestId} (getChangeRequestById)', () => {
    let space: any;
    let cr: any;

    beforeAll(async () => {
      space = await createSpace(app, org, { title: 'Reads' });
      await createCr(space.id, { subject: 'First' });
      cr = await createCr(space.id, { subject: 'Second' });
    });

    it('finds a change request by id and by number, for anyone who can see the space', async () => {
      const byId = await app.get(crPath(space.id, cr.id), cast.reader.token);
      expect(byId.status).toBe(200);
      valid('GET', ONE, byId);
      expect(byId.body).toEqual({ ...cr, mergeability: expect.any(Object) });
      const byNumber = await app.get(crPath(space.id, 2));
      expect(byNumber.status).toBe(200);
      valid('GET', ONE, byNumber);
      expect(byNumber.body).toEqual({ ...cr, mergeability: expect.any(Object) });
      expect((await app.get(crPath(space.id, 1))).body).toMatchObject({ number: 1, subject: 'First' });
    });

    it(
      'is 404 for unknown ids and numbers, change requests of other spaces, ' + 'and callers who cannot see the space; 401 without a token',
      async () => {
        expectError(await app.get(crPath(space.id, 3)), 404, /change request not found/);
        expectError(await app.get(crPath(space.id, 0)), 404, /change request not found/);
        expectError(await app.get(crPath(space.id, 'unknownChangeRequest')), 404, /change request not found/);
        const other = await createSpace(app, org, { title: 'Other' });
        expectError(await app.get(crPath(other.id, cr.id)), 404, /change request not found/);
        expectError(await app.get(crPath(space.id, cr.id), cast.outsider.token), 404, /space not found/);
        expectError(await app.get(crPath(space.id, cr.id), cast.guest.token), 404, /space not found/);
        expectError(await app.get(crPath(space.id, cr.id), null), 401);
      },
    );
  });

  describe('PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId} (updateChangeRequestById)', () => {
    it('changes the subject and the status, moving the space counters', async () => {
      const space = await createSpace(app, org, { title: 'Updates' });
      const cr = await createCr(space.id, { subject: 'Draft me' });
      const res = await patchCr(space.id, cr.id, { subject: 'Drafted', status: 'draft' }, cast.editor.token);
      expect(res.status).toBe(200);
      valid('PATCH', ONE, res);
      expect(res.body).toEqual({ ...cr, subject: 'Drafted', status: 'draft', updatedAt: expect.any(String) });
      expect(res.body.updatedAt > cr.updatedAt).toBe(true);
      expect((await app.get(crPath(space.id, cr.id))).body).toEqual({ ...res.body, mergeability: expect.any(Object) });
      expect((await app.get(spacePath(space.id))).body).toMatchObject({ changeRequests: 1, changeRequestsOpen: 0, changeRequestsDraft: 1 });
      // By number; archived counts in neither open nor draft.
      expect((await patchCr(space.id, 1, { status: 'archived' })).body).toMatchObject({ status: 'archived', subject: 'Drafted' });
      expect((await app.get(spacePath(space.id))).body).toMatchObject({ changeRequests: 1, changeRequestsOpen: 0, changeRequestsDraft: 0 });
      expect((await patchCr(space.id, cr.id, { status: 'open' })).body.status).toBe('open');
      expect((await app.get(spacePath(space.id))).body).toMatchObject({ changeRequests: 1, changeRequestsOpen: 1, changeRequestsDraft: 0 });
    });

    it('follows the transitions: draft ↔ open, both to archived, archived back to open or draft; the same status is a no-op', async () => {
      const space = await createSpace(app, org, { title: 'Transitions' });
      const cr = await createCr(space.id);
      const steps: [string, string][] = [
        ['open', 'open'],
        ['draft', 'draft'],
        ['draft', 'draft'],
        ['archived', 'archived'],
        ['draft', 'draft'],
        ['open', 'open'],
        ['archived', 'archived'],
        ['open', 'open'],
      ];
      for (const [to, expected] of steps) {
        const res = await patchCr(space.id, cr.id, { status: to });
        expect(res.status).toBe(200);
        expect(res.body.status).toBe(expected);
      }
      const same = await app.patch(crPath(space.id, cr.id), {});
      expect(same.status).toBe(200);
      expect(same.body.status).toBe('open');
    });

    it('answers 409 to any change of a merged change request, and refuses status merged with 400', async () => {
      const space = await createSpace(app, org, { title: 'Merged' });
      const cr = await createCr(space.id, { subject: 'Done' });
      expectError(await app.patch(crPath(space.id, cr.id), { status: 'merged' }), 400, /status must be one of draft, open, archived/);
      // No merge route yet: record the merge as the merge use case will.
      const ids = { changeRequestId: cr.id, spaceId: space.id, organizationId: org };
      const metadata = {
        schemaVersion: 1,
        actor: cast.ownerId,
        correlationId: `e2e-${randomUUID()}`,
        causationId: null,
        occurredAt: clock.now().toISOString(),
      };
      const merge = { type: 'ChangeRequestMerged', data: { ...ids, revisionMerged: 'merged0revision00000', from: 'open' }, metadata };
      await app.appendEvents(`changeRequest-${cr.id}`, [merge], ['change_requests', 'spaces']);
      const merged = await app.get(crPath(space.id, cr.id));
      valid('GET', ONE, merged);
      expect(merged.body).toMatchObject({
        status: 'merged',
        revisionMerged: 'merged0revision00000',
        mergedBy: { id: cast.ownerId },
        mergedAt: expect.any(String),
        outdated: false,
      });
      expect((await app.get(spacePath(space.id))).body).toMatchObject({ changeRequests: 1, changeRequestsOpen: 0, changeRequestsDraft: 0 });
      for (const status of ['open', 'draft', 'archived'])
        expectError(await patchCr(space.id, cr.id, { status }), 409, new RegExp(`merged change request cannot become ${status}`));
      expectError(await patchCr(space.id, cr.id, { subject: 'Again' }), 409, /merged change request cannot be changed/);
      expect((await app.get(crPath(space.id, cr.id))).body).toEqual(merged.body);
      expect((await app.get(`${crsOf(space.id)}?status=merged`)).body).toMatchObject({ count: 1, items: [{ id: cr.id }] });
    });

    it.each([
      [{ subject: 'x'.repeat(101) }, /subject must be shorter than or equal to 100 characters/],
      [{ subject: null }, /subject/],
      [{ status: 'closed' }, /status must be one of draft, open, archived/],
      [{ status: null }, /status/],
      [{ description: {} }, /description is not supported: change requests have a subject, no description/],
      [{ links: [] }, /links is not supported: change requests keep no links/],
    ])('refuses %j with 400', async (body, message) => {
      const space = await createSpace(app, org, { title: 'Patch validation' });
      const cr = await createCr(space.id);
      expectError(await app.patch(crPath(space.id, cr.id), body), 400, message);
    });

    it('needs the edit role: 403 for readers, 404 for non-members and unknown change requests, 401 without a token', async () => {
      const space = await createSpace(app, org, { title: 'Patch guarded' });
      const cr = await createCr(space.id, { subject: 'Keep' });
      expectError(await app.patch(crPath(space.id, cr.id), { subject: 'x' }, cast.reader.token), 403, /changing a change request/);
      expectError(await app.patch(crPath(space.id, cr.id), { subject: 'x' }, cast.outsider.token), 404, /space not found/);
      expectError(await app.patch(crPath(space.id, 'unknownChangeRequest'), { subject: 'x' }), 404, /change request not found/);
      expectError(await app.patch(crPath(space.id, 9), { subject: 'x' }), 404, /change request not found/);
      expectError(await app.patch(crPath(space.id, cr.id), { subject: 'x' }, null), 401);
      expect((await app.get(crPath(space.id, cr.id))).body.subject).toBe('Keep');
    });
  });

  describe('GET /v1/spaces/{spaceId}/change-requests (listChangeRequestsForSpace)', () => {
    let space: any;
    const crs: any[] = [];

    beforeAll(async () => {
      space = await createSpace(app, org, { title: 'Lists' });
      for (const subject of ['One', 'Two', 'Three', 'Four', 'Five']) crs.push(await createCr(space.id, { subject }));
      await patchCr(space.id, crs[1].id, { status: 'draft' });
      await patchCr(space.id, crs[3].id, { status: 'archived' });
      // The first one was updated last: it comes first.
      crs[0] = (await patchCr(space.id, crs[0].id, { subject: 'One, again' })).body;
    });

    it('lists the open change requests by default, most recently updated first, paged with a total count', async () => {
      const first = await app.get(`${crsOf(space.id)}?limit=2`, cast.reader.token);
      expect(first.status).toBe(200);
      valid('GET', LIST, first);
      expect(first.body).toMatchObject({ count: 3, next: { page: expect.any(String) } });
      expect(first.body.items).toHaveLength(2);
      expect(first.body.items[0]).toEqual(crs[0]);
      expect(ids(await collectAll(app, `${crsOf(space.id)}?limit=2`))).toEqual(ids([crs[0], crs[4], crs[2]]));
      const all = await app.get(crsOf(space.id));
      expect(all.body.next).toBeUndefined();
      expect(ids(all.body.items)).toEqual(ids([crs[0], crs[4], crs[2]]));
    });

    it('filters by status, and lists every status with status=all', async () => {
      const draft = await app.get(`${crsOf(space.id)}?status=draft`);
      valid('GET', LIST, draft);
      expect(draft.body).toMatchObject({ count: 1, items: [{ id: crs[1].id, status: 'draft' }] });
      expect((await app.get(`${crsOf(space.id)}?status=archived`)).body).toMatchObject({
        count: 1,
        items: [{ id: crs[3].id, status: 'archived' }],
      });
      expect((await app.get(`${crsOf(space.id)}?status=merged`)).body).toEqual({ count: 0, items: [] });
      const every = await collectAll(app, `${crsOf(space.id)}?status=all&limit=2`);
      expect(ids(every)).toEqual(ids([crs[0], crs[3], crs[1], crs[4], crs[2]]));
      expect((await app.get(`${crsOf(space.id)}?status=all&limit=1`)).body.count).toBe(5);
      expect((await app.get(spacePath(space.id))).body).toMatchObject({ changeRequests: 5, changeRequestsOpen: 3, changeRequestsDraft: 1 });
    });

    it('lists the change requests a contributor created or edited the content of (contributor)', async () => {
      const shared = await createSpace(app, org, { title: 'Contributions' });
      const mine = await createCr(shared.id, { subject: 'Editor made it' }, cast.editor.token);
      const theirs = await createCr(shared.id, { subject: 'Owner made it' });
      const untouched = await createCr(shared.id, { subject: 'Nobody edits it' });
      clock.advance(1000);
      const edited = await app.post(
        `${crPath(shared.id, theirs.id)}/content`,
        { changes: [{ operation: 'insert_page', title: 'By the editor' }] },
        cast.editor.token,
      );
      expect(edited.status).toBe(200);
      const byEditor = await app.get(`${crsOf(shared.id)}?contributor=${cast.editor.userId}`);
      expect(byEditor.status).toBe(200);
      valid('GET', LIST, byEditor);
      expect(byEditor.body).toMatchObject({ count: 2 });
      expect(ids(byEditor.body.items)).toEqual([theirs.id, mine.id]);
      expect(ids(await collectAll(app, `${crsOf(shared.id)}?contributor=${cast.editor.userId}&limit=1`))).toEqual([theirs.id, mine.id]);
      expect(ids((await app.get(`${crsOf(shared.id)}?contributor=${cast.ownerId}`)).body.items)).toEqual([theirs.id, untouched.id]);
      await patchCr(shared.id, mine.id, { status: 'draft' }, cast.editor.token);
      expect(ids((await app.get(`${crsOf(shared.id)}?contributor=${cast.editor.userId}&status=draft`)).body.items)).toEqual([mine.id]);
      expect((await app.get(`${crsOf(shared.id)}?contributor=${cast.reader.userId}`)).body).toEqual({ count: 0, items: [] });
      expectError(await app.get(`${crsOf(shared.id)}?contributor=`), 400, /contributor/);
    });

    it('lists nothing for a space without change requests', async () => {
      const empty = await createSpace(app, org, { title: 'Empty' });
      expect((await app.get(crsOf(empty.id))).body).toEqual({ count: 0, items: [] });
    });

    it('answers 400 for bad queries, 404 to callers who cannot see the space, 401 without a token', async () => {
      expectError(await app.get(`${crsOf(space.id)}?status=closed`), 400, /status must be one of/);
      expectError(await app.get(`${crsOf(space.id)}?limit=0`), 400, /limit/);
      expectError(await app.get(`${crsOf(space.id)}?creator=`), 400, /creator/);
      expectError(await app.get(crsOf(space.id), cast.outsider.token), 404, /space not found/);
      expectError(await app.get(crsOf(space.id), cast.guest.token), 404, /space not found/);
      expectError(await app.get(crsOf(space.id), null), 401);
    });
  });
});
