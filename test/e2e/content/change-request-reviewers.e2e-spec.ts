import { randomUUID } from 'node:crypto';
import { FakeClock } from '@docs/platform/testing/fake-clock';
import { joinOrg, newPerson } from '../organizations/fixtures/org-members';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, expectValidAnswer, grant, spacePath } from '../support/content-world';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { collectAll, expectError, HttpResult, TestApp } from '../support/test-app';

const LIST = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers';
const ONE = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}';
const crsOf = (spaceId: string) => `${spacePath(spaceId)}/change-requests`;
const crPath = (spaceId: string, changeRequest: string | number) => `${crsOf(spaceId)}/${changeRequest}`;
const reviewersOf = (spaceId: string, changeRequest: string | number) => `${crPath(spaceId, changeRequest)}/requested-reviewers`;
const reviewerPath = (spaceId: string, changeRequest: string | number, userId: string) =>
  `${reviewersOf(spaceId, changeRequest)}/${userId}`;
const userIds = (items: { user: { id: string } }[]) => items.map((r) => r.user.id);

describe('requested reviewers of change requests', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let org: string;
  let clock: FakeClock;

  beforeAll(async () => {
    clock = new FakeClock();
    app = await TestApp.start({}, { clock });
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'reviewers');
    org = cast.organizationId;
  });
  afterAll(() => app.stop());

  /** The list answer matches our document and each item GitBook's ChangeRequestRequestedReviewer. */
  const validList = (res: HttpResult) => expectValidAnswer(schemas, 'GET', LIST, res, 'ChangeRequestRequestedReviewer');
  /** The request answer matches our document, and each of its `users` GitBook's ChangeRequestRequestedReviewer. */
  const validRequest = (res: HttpResult) => {
    expectValidAnswer(schemas, 'POST', LIST, res);
    for (const item of res.body.users) expectGitbookSchema('ChangeRequestRequestedReviewer', item);
  };

  const user = (id: string) => ({
    object: 'user',
    id,
    displayName: expect.any(String),
    email: expect.any(String),
    urls: { location: `http://api.test/v1/users/${id}` },
  });

  /** Creates a change request (as the owner), a second later than the last write. */
  async function createCr(spaceId: string, subject = 'Review me'): Promise<any> {
    clock.advance(1000);
    const res = await app.post(crsOf(spaceId), { subject });
    if (res.status !== 201) throw new Error(`could not create change request: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** Requests reviews (as the owner unless `token`), a second later than the last write. */
  async function request(spaceId: string, changeRequest: string | number, body: object, token?: string | null): Promise<HttpResult> {
    clock.advance(1000);
    return app.post(reviewersOf(spaceId, changeRequest), body, token);
  }

  const listed = async (spaceId: string, changeRequest: string | number) => (await app.get(reviewersOf(spaceId, changeRequest))).body;

  describe('POST .../requested-reviewers (requestReviewersForChangeRequest)', () => {
    it('requests reviews, answering the requests sent; the list shows them in the next call', async () => {
      const space = await createSpace(app, org, { title: 'Reviews' });
      const cr = await createCr(space.id);
      const res = await request(space.id, cr.id, { users: [cast.reader.userId, cast.ownerId] }, cast.editor.token);
      expect(res.status).toBe(200);
      validRequest(res);
      const expected = (userId: string) => ({
        object: 'change-request-requested-reviewer',
        kind: 'user',
        user: user(userId),
        revision: cr.revision,
        requestedBy: user(cast.editor.userId),
        createdAt: expect.any(String),
      });
      expect(res.body).toEqual({ users: [expected(cast.reader.userId), expected(cast.ownerId)] });
      const [{ createdAt }] = res.body.users;
      expect(new Date(createdAt).toISOString()).toBe(createdAt);
      expect(createdAt > cr.createdAt).toBe(true);
      expect(res.body.users[1].createdAt).toBe(createdAt);
      expect(res.body.users[1].user.displayName).toBe((await app.get('/v1/user')).body.displayName);

      // Read your writes: one index range, oldest request first, ties by user.
      const list = await app.get(reviewersOf(space.id, cr.id), cast.reader.token);
      expect(list.status).toBe(200);
      validList(list);
      const byUser = [...res.body.users].sort((a, b) => (a.user.id < b.user.id ? -1 : 1));
      expect(list.body).toEqual({ count: 2, items: byUser });
      // Requesting reviews leaves the change request as it was.
      expect((await app.get(crPath(space.id, cr.id))).body).toEqual({ ...cr, mergeability: expect.any(Object) });
    });

    it('keeps the requests of users already requested, adds the others once, and answers every user named', async () => {
      const space = await createSpace(app, org, { title: 'Again' });
      const cr = await createCr(space.id);
      const first = (await request(space.id, cr.id, { users: [cast.reader.userId] })).body.users[0];
      const again = await request(space.id, cr.id, { users: [cast.editor.userId, cast.reader.userId, cast.editor.userId] });
      expect(again.status).toBe(200);
      validRequest(again);
      expect(userIds(again.body.users)).toEqual([cast.editor.userId, cast.reader.userId]);
      expect(again.body.users[1]).toEqual(first);
      expect(again.body.users[0].createdAt > first.createdAt).toBe(true);
      expect(userIds((await listed(space.id, cr.id)).items)).toEqual([cast.reader.userId, cast.editor.userId]);
      // Nothing new: nothing changes.
      const same = await request(space.id, cr.id, { users: [cast.reader.userId] });
      expect(same.body).toEqual({ users: [first] });
      expect((await listed(space.id, cr.id)).count).toBe(2);
    });

    it('renames the change request with subject', async () => {
      const space = await createSpace(app, org, { title: 'Renames' });
      const cr = await createCr(space.id, 'Before');
      const res = await request(space.id, cr.id, { users: [cast.reader.userId], subject: 'Ready for review' });
      expect(res.status).toBe(200);
      const after = (await app.get(crPath(space.id, cr.id))).body;
      expect(after).toMatchObject({ subject: 'Ready for review', updatedAt: res.body.users[0].createdAt });
      // Already requested: the subject alone changes.
      expect((await request(space.id, cr.id, { users: [cast.reader.userId], subject: '' })).status).toBe(200);
      expect((await app.get(crPath(space.id, cr.id))).body.subject).toBe('');
      expect((await listed(space.id, cr.id)).count).toBe(1);
    });

    it('takes the change request by its number', async () => {
      const space = await createSpace(app, org, { title: 'Numbers' });
      await createCr(space.id, 'One');
      const second = await createCr(space.id, 'Two');
      const res = await request(space.id, 2, { users: [cast.editor.userId] });
      expect(res.status).toBe(200);
      validRequest(res);
      expect((await listed(space.id, second.id)).items).toEqual(res.body.users);
      const byNumber = await app.get(reviewersOf(space.id, 2));
      validList(byNumber);
      expect(byNumber.body).toEqual({ count: 1, items: res.body.users });
      expect(await listed(space.id, 1)).toEqual({ count: 0, items: [] });
    });

    it.each([
      ['no users', {}, /users must be an array/],
      ['no user in users', { users: [] }, /users must contain at least 1 elements/],
      ['users not an array', { users: 'someone' }, /users must be an array/],
      ['users null', { users: null }, /users must be an array/],
      ['a number in users', { users: [7] }, /each value in users must be a string/],
      ['an empty id in users', { users: [''] }, /users must contain user ids/],
      ['101 users', { users: Array.from({ length: 101 }, (_, i) => `user${i}`) }, /users must contain no more than 100 elements/],
      [
        'a subject of 101 characters',
        { users: ['u'], subject: 'x'.repeat(101) },
        /subject must be shorter than or equal to 100 characters/,
      ],
      ['subject null', { users: ['u'], subject: null }, /subject/],
      ['subject not a string', { users: ['u'], subject: 5 }, /subject must be a string/],
      ["GitBook's description", { users: ['u'], description: {} }, /description is not supported: change requests have a subject/],
      ['an unknown field', { users: ['u'], teams: [] }, /property teams should not exist/],
    ])('refuses %s with 400', async (_case, body, message) => {
      const space = await createSpace(app, org, { title: 'Validation' });
      const cr = await createCr(space.id);
      expectError(await request(space.id, cr.id, body), 400, message);
      expect(await listed(space.id, cr.id)).toEqual({ count: 0, items: [] });
    });

    it(
      'is 400 naming the users who cannot see the space (guests without a grant, people of other ' +
        'organizations, unknown ids), recording nothing',
      async () => {
        const space = await createSpace(app, org, { title: 'Private' });
        const cr = await createCr(space.id, 'Keep');
        const stranger = await newPerson(app, 'Stella Elsewhere', `stranger-${randomUUID()}@content.test`);
        const elsewhere = await app.post('/v1/orgs', { title: 'Elsewhere' }, stranger.token);
        expect(elsewhere.status).toBe(201);
        const res = await request(space.id, cr.id, {
          users: [cast.reader.userId, cast.guest.userId, cast.outsider.userId, stranger.userId, 'nobody0000000000'],
          subject: 'Changed',
        });
        expectError(
          res,
          400,
          new RegExp(`users: cannot see the space: ${cast.guest.userId}, ${cast.outsider.userId}, ${stranger.userId}, nobody0000000000$`),
        );
        expect(await listed(space.id, cr.id)).toEqual({ count: 0, items: [] });
        expect((await app.get(crPath(space.id, cr.id))).body.subject).toBe('Keep');
        // Once the guest is granted the space, they can review it.
        await grant(app, space.id, { role: 'read', users: [cast.guest.userId] });
        const granted = await request(space.id, cr.id, { users: [cast.guest.userId] });
        expect(granted.status).toBe(200);
        expect(userIds(granted.body.users)).toEqual([cast.guest.userId]);
      },
    );

    it(
      'needs the edit role: 403 for readers, 404 for non-members, guests without a grant, unknown spaces ' +
        'and change requests, 401 without a token',
      async () => {
        const space = await createSpace(app, org, { title: 'Guarded' });
        const cr = await createCr(space.id);
        const body = { users: [cast.editor.userId] };
        expectError(await request(space.id, cr.id, body, cast.reader.token), 403, /requesting reviews/);
        expectError(await request(space.id, cr.id, body, cast.outsider.token), 404, /space not found/);
        expectError(await request(space.id, cr.id, body, cast.guest.token), 404, /space not found/);
        expectError(await request('unknownSpace00000000', cr.id, body), 404, /space not found/);
        expectError(await request(space.id, 'unknownChangeRequest', body), 404, /change request not found/);
        expectError(await request(space.id, 2, body), 404, /change request not found/);
        const other = await createSpace(app, org, { title: 'Other' });
        expectError(await request(other.id, cr.id, body), 404, /change request not found/);
        expectError(await request(space.id, cr.id, body, null), 401);
        expect(await listed(space.id, cr.id)).toEqual({ count: 0, items: [] });
        // A guest granted edit may request.
        await grant(app, space.id, { role: 'edit', users: [cast.guest.userId] });
        const res = await request(space.id, cr.id, body, cast.guest.token);
        expect(res.status).toBe(200);
        expect(res.body.users[0].requestedBy.id).toBe(cast.guest.userId);
      },
    );

    it('answers 409 on a merged change request', async () => {
      const space = await createSpace(app, org, { title: 'Merged' });
      const cr = await createCr(space.id);
      await request(space.id, cr.id, { users: [cast.reader.userId] });
      // Recorded as the merge use case does (the merge route is built elsewhere).
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
      expect((await app.get(crPath(space.id, cr.id))).body.status).toBe('merged');
      expectError(await request(space.id, cr.id, { users: [cast.editor.userId] }), 409, /merged change request cannot be reviewed/);
      expectError(await request(space.id, cr.id, { users: [cast.reader.userId], subject: 'Late' }), 409, /merged/);
      // Its reviewers stay listed.
      expect(userIds((await listed(space.id, cr.id)).items)).toEqual([cast.reader.userId]);
    });
  });

  describe('GET .../requested-reviewers (getRequestedReviewersByChangeRequestId)', () => {
    let space: any;
    let cr: any;
    let order: string[];

    beforeAll(async () => {
      space = await createSpace(app, org, { title: 'Paged' });
      cr = await createCr(space.id);
      const people = await Promise.all(
        ['A', 'B', 'C'].map((n) => newPerson(app, `Reviewer ${n}`, `reviewer-${n}-${randomUUID()}@content.test`)),
      );
      for (const person of people) await joinOrg(app, org, person, 'read');
      // One request at a time: the list is oldest request first.
      order = [people[2]!.userId, cast.editor.userId, people[0]!.userId, cast.reader.userId, people[1]!.userId];
      for (const userId of order) expect((await request(space.id, cr.id, { users: [userId] })).status).toBe(200);
    });

    it('pages the reviewers, oldest request first, with the total count on every page', async () => {
      const first = await app.get(`${reviewersOf(space.id, cr.id)}?limit=2`, cast.reader.token);
      expect(first.status).toBe(200);
      validList(first);
      expect(first.body).toMatchObject({ count: 5, next: { page: expect.any(String) } });
      expect(userIds(first.body.items)).toEqual(order.slice(0, 2));
      const second = await app.get(`${reviewersOf(space.id, cr.id)}?limit=2&page=${encodeURIComponent(first.body.next.page)}`);
      validList(second);
      expect(second.body.count).toBe(5);
      expect(userIds(second.body.items)).toEqual(order.slice(2, 4));
      expect(userIds(await collectAll(app, `${reviewersOf(space.id, cr.id)}?limit=2`))).toEqual(order);
      const all = await app.get(reviewersOf(space.id, cr.id));
      expect(all.body.next).toBeUndefined();
      expect(userIds(all.body.items)).toEqual(order);
      const times = all.body.items.map((r: any) => r.createdAt);
      expect([...times].sort()).toEqual(times);
    });

    it(
      'answers 400 for bad queries, ' + '404 to callers who cannot see the space and for unknown change requests, 401 without a token',
      async () => {
        expectError(await app.get(`${reviewersOf(space.id, cr.id)}?limit=0`), 400, /limit/);
        expectError(await app.get(`${reviewersOf(space.id, cr.id)}?page=nonsense`), 400);
        expectError(await app.get(`${reviewersOf(space.id, cr.id)}?user=me`), 400, /user/);
        expectError(await app.get(reviewersOf(space.id, cr.id), cast.outsider.token), 404, /space not found/);
        expectError(await app.get(reviewersOf(space.id, cr.id), cast.guest.token), 404, /space not found/);
        expectError(await app.get(reviewersOf('unknownSpace00000000', cr.id)), 404, /space not found/);
        expectError(await app.get(reviewersOf(space.id, 'unknownChangeRequest')), 404, /change request not found/);
        expectError(await app.get(reviewersOf(space.id, 7)), 404, /change request not found/);
        expectError(await app.get(reviewersOf(space.id, cr.id), null), 401);
      },
    );
  });

  describe('DELETE .../requested-reviewers/{userId} (removeRequestedReviewerFromChangeRequest)', () => {
    it('withdraws a request with 205, then 404; a new request starts afresh', async () => {
      const space = await createSpace(app, org, { title: 'Removals' });
      const cr = await createCr(space.id);
      const requested = (await request(space.id, cr.id, { users: [cast.reader.userId, cast.editor.userId] })).body.users;
      clock.advance(1000);
      const res = await app.delete(reviewerPath(space.id, cr.id, cast.reader.userId), cast.editor.token);
      expect(res.status).toBe(205);
      expectValidAnswer(schemas, 'DELETE', ONE, res);
      expect(res.body).toBeUndefined();
      expect(await listed(space.id, cr.id)).toEqual({ count: 1, items: [requested[1]] });
      expectError(
        await app.delete(reviewerPath(space.id, cr.id, cast.reader.userId)),
        404,
        new RegExp(`no review requested from ${cast.reader.userId}`),
      );
      // By number, and again after a new request: a new request, later than the first.
      const again = (await request(space.id, 1, { users: [cast.reader.userId] })).body.users[0];
      expect(again.createdAt > requested[0].createdAt).toBe(true);
      expect(userIds((await listed(space.id, cr.id)).items)).toEqual([cast.editor.userId, cast.reader.userId]);
      expect((await app.delete(reviewerPath(space.id, 1, cast.reader.userId))).status).toBe(205);
      expect(userIds((await listed(space.id, cr.id)).items)).toEqual([cast.editor.userId]);
    });

    it(
      'is 404 for users never requested, unknown change requests and callers who cannot see the space; ' +
        '403 for readers; 401 without a token',
      async () => {
        const space = await createSpace(app, org, { title: 'Removal guards' });
        const cr = await createCr(space.id);
        await request(space.id, cr.id, { users: [cast.editor.userId] });
        const path = reviewerPath(space.id, cr.id, cast.editor.userId);
        expectError(await app.delete(reviewerPath(space.id, cr.id, cast.reader.userId)), 404, /no review requested/);
        expectError(await app.delete(reviewerPath(space.id, 'unknownChangeRequest', cast.editor.userId)), 404, /change request not found/);
        expectError(await app.delete(reviewerPath(space.id, 5, cast.editor.userId)), 404, /change request not found/);
        expectError(await app.delete(path, cast.reader.token), 403, /changing reviewers/);
        expectError(await app.delete(path, cast.outsider.token), 404, /space not found/);
        expectError(await app.delete(path, cast.guest.token), 404, /space not found/);
        expectError(await app.delete(path, null), 401);
        expect(userIds((await listed(space.id, cr.id)).items)).toEqual([cast.editor.userId]);
      },
    );
  });
});
