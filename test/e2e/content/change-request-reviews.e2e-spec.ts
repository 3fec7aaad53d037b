import { randomUUID } from 'node:crypto';
// The clock alone: @docs/platform/testing would load Nest and the stores into this worker.
import { FakeClock } from '@docs/platform/testing/fake-clock';
import { joinOrg, newPerson, Person } from '../organizations/fixtures/org-members';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, expectValidAnswer, spacePath } from '../support/content-world';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { ensureHost, jsonLines, runCli } from '../support/processes';
import { collectAll, expectError, HttpResult, TestApp } from '../support/test-app';

const LIST = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews';
const ONE = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}';
const REVIEWERS = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers';
const crPath = (spaceId: string, changeRequest: string | number) => `${spacePath(spaceId)}/change-requests/${changeRequest}`;
const reviewsOf = (spaceId: string, changeRequest: string | number) => `${crPath(spaceId, changeRequest)}/reviews`;
const reviewPath = (spaceId: string, changeRequest: string | number, reviewId: string) =>
  `${reviewsOf(spaceId, changeRequest)}/${reviewId}`;
const ids = (items: { id: string }[]) => items.map((r) => r.id);

/**
 * Reviews of change requests (submitChangeRequestReview, getReviewsByChangeRequestId,
 * getChangeRequestReviewById) and the requested reviewers who reviewed. The application runs in
 * this process: the last test replays the reviews projection beside it and reads the new copy.
 */
describe('reviews of change requests', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let org: string;
  let clock: FakeClock;
  /** A member with the review role, and a second one. */
  let rex: Person;
  let ria: Person;

  beforeAll(async () => {
    await ensureHost();
    clock = new FakeClock();
    app = await TestApp.start({}, { clock });
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'reviews');
    org = cast.organizationId;
    rex = await newPerson(app, 'Rex Reviewer', `rex-${randomUUID()}@content.test`);
    ria = await newPerson(app, 'Ria Reviewer', `ria-${randomUUID()}@content.test`);
    await joinOrg(app, org, rex, 'review');
    await joinOrg(app, org, ria, 'review');
  });
  afterAll(() => app.stop());

  const user = (id: string) => ({
    object: 'user',
    id,
    displayName: expect.any(String),
    email: expect.any(String),
    urls: { location: `http://api.test/v1/users/${id}` },
  });

  /** A review answer: what our document says, and GitBook's ChangeRequestReview. */
  const valid = (method: string, template: string, res: HttpResult) =>
    expectValidAnswer(schemas, method, template, res, 'ChangeRequestReview');

  /** A new space and a change request in it, created by the owner (its author). */
  async function newCr(subject = 'Review me'): Promise<{ space: any; cr: any }> {
    const space = await createSpace(app, org, { title: subject, empty: true });
    clock.advance(1000);
    const res = await app.post(`${spacePath(space.id)}/change-requests`, { subject });
    if (res.status !== 201) throw new Error(`could not create change request: ${res.status} ${JSON.stringify(res.body)}`);
    return { space, cr: res.body };
  }

  /** Submits a review (as rex unless `token`), a second after the last write. */
  async function submit(
    spaceId: string,
    changeRequest: string | number,
    body: object,
    token: string | null = rex.token,
  ): Promise<HttpResult> {
    clock.advance(1000);
    return app.post(reviewsOf(spaceId, changeRequest), body, token);
  }

  async function reviewed(spaceId: string, changeRequest: string | number, status: string, token: string = rex.token): Promise<any> {
    const res = await submit(spaceId, changeRequest, { status }, token);
    if (res.status !== 201) throw new Error(`review failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** Edits the change request (as the owner, its author): a new revision. */
  async function edit(spaceId: string, changeRequestId: string, title: string): Promise<any> {
    clock.advance(1000);
    const res = await app.post(`${crPath(spaceId, changeRequestId)}/content`, {
      changes: [{ operation: 'insert_page', title, document: { markdown: `# ${title}` } }],
    });
    if (res.status !== 200) throw new Error(`edit failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async function requestReviews(spaceId: string, changeRequestId: string, users: string[], token = cast.editor.token): Promise<any[]> {
    clock.advance(1000);
    const res = await app.post(`${crPath(spaceId, changeRequestId)}/requested-reviewers`, { users }, token);
    if (res.status !== 200) throw new Error(`request failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.users;
  }

  const listed = async (spaceId: string, changeRequest: string | number, query = '') =>
    (await app.get(`${reviewsOf(spaceId, changeRequest)}${query}`)).body;

  describe('POST .../reviews (submitChangeRequestReview)', () => {
    it('records a review of the current revision: 201 with its Location, read back by id and in the list', async () => {
      const { space, cr } = await newCr();
      const res = await submit(space.id, cr.id, { status: 'approved' });
      expect(res.status).toBe(201);
      valid('POST', LIST, res);
      expect(res.body).toEqual({
        object: 'change-request-review',
        id: expect.any(String),
        revision: cr.revision,
        reviewer: user(rex.userId),
        status: 'approved',
        outdated: false,
        createdAt: expect.any(String),
        updatedAt: res.body.createdAt,
        urls: { location: `http://api.test${reviewPath(space.id, cr.id, res.body.id)}` },
      });
      expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
      expect(res.body.createdAt > cr.createdAt).toBe(true);
      expect(res.body.requestedBy).toBeUndefined();
      expect(res.headers.get('location')).toBe(res.body.urls.location);

      const one = await app.get(reviewPath(space.id, cr.id, res.body.id), cast.reader.token);
      expect(one.status).toBe(200);
      valid('GET', ONE, one);
      expect(one.body).toEqual(res.body);
      const list = await app.get(reviewsOf(space.id, cr.id), cast.reader.token);
      expect(list.status).toBe(200);
      valid('GET', LIST, list);
      expect(list.body).toEqual({ count: 1, items: [res.body] });
      // Reviewing leaves the change request as it was.
      expect((await app.get(crPath(space.id, cr.id))).body).toEqual({ ...cr, mergeability: expect.any(Object) });
    });

    it('takes the change request by its number, and requests for changes as well as approvals', async () => {
      const { space, cr } = await newCr();
      const res = await submit(space.id, 1, { status: 'changes-requested' }, ria.token);
      expect(res.status).toBe(201);
      valid('POST', LIST, res);
      expect(res.body).toMatchObject({ status: 'changes-requested', reviewer: { id: ria.userId }, revision: cr.revision });
      expect(res.body.urls.location).toBe(`http://api.test${reviewPath(space.id, cr.id, res.body.id)}`);
      expect((await app.get(reviewPath(space.id, 1, res.body.id))).body).toEqual(res.body);
      expect(ids((await listed(space.id, 1)).items)).toEqual([res.body.id]);
    });

    it.each([
      ['no status', {}, /status must be one of approved, changes-requested/],
      ['an unknown status', { status: 'rejected' }, /status must be one of approved, changes-requested/],
      ['status null', { status: null }, /status must be one of/],
      [
        "GitBook's comment (reviews carry none here)",
        { status: 'approved', comment: { markdown: 'LGTM' } },
        /comment is not supported: reviews carry no comment here; post one on the change request/,
      ],
      ['an unknown field', { status: 'approved', reviewer: 'me' }, /property reviewer should not exist/],
    ])('refuses %s with 400, recording nothing', async (_case, body, message) => {
      const { space, cr } = await newCr();
      expectError(await submit(space.id, cr.id, body), 400, message);
      expect(await listed(space.id, cr.id)).toEqual({ count: 0, items: [] });
    });

    it(
      'needs the review role or a review request: 403 for editors and readers never requested, 404 for ' +
        'non-members, guests, unknown spaces and change requests, 401 without a token',
      async () => {
        const { space, cr } = await newCr();
        const approve = { status: 'approved' };
        expectError(await submit(space.id, cr.id, approve, cast.editor.token), 403, /without a review request needs the review role/);
        expectError(await submit(space.id, cr.id, approve, cast.reader.token), 403, /needs the review role/);
        expectError(await submit(space.id, cr.id, approve, cast.outsider.token), 404, /^space not found$/);
        expectError(await submit(space.id, cr.id, approve, cast.guest.token), 404, /^space not found$/);
        expectError(await submit('unknownSpace00000000', cr.id, approve), 404, /^space not found$/);
        expectError(await submit(space.id, 'unknownChangeRequest', approve), 404, /^change request not found$/);
        expectError(await submit(space.id, 2, approve), 404, /^change request not found$/);
        const other = await newCr('Other');
        expectError(await submit(other.space.id, cr.id, approve), 404, /^change request not found$/);
        expectError(await submit(space.id, cr.id, approve, null), 401);
        expect(await listed(space.id, cr.id)).toEqual({ count: 0, items: [] });
      },
    );

    it("never lets the change request's author approve it (403 naming why); they may request changes", async () => {
      const { space, cr } = await newCr();
      // The owner created it: an admin, and requested too.
      await requestReviews(space.id, cr.id, [cast.ownerId]);
      const own = await app.post(reviewsOf(space.id, cr.id), { status: 'approved' });
      expectError(own, 403, /^status: the change request's author cannot approve their own change request$/);
      expect(await listed(space.id, cr.id)).toEqual({ count: 0, items: [] });
      const changes = await app.post(reviewsOf(space.id, cr.id), { status: 'changes-requested' });
      expect(changes.status).toBe(201);
      expect(changes.body).toMatchObject({
        reviewer: { id: cast.ownerId },
        status: 'changes-requested',
        requestedBy: { id: cast.editor.userId },
      });
      // A reviewer's own change request: the review role does not let them approve it; the owner, an admin, may.
      clock.advance(1000);
      const theirs = await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'By a reviewer' }, rex.token);
      expectError(await submit(space.id, theirs.body.id, { status: 'approved' }), 403, /author cannot approve/);
      expect((await app.post(reviewsOf(space.id, theirs.body.id), { status: 'approved' })).status).toBe(201);
    });

    it('answers 409 on merged and archived change requests; a draft can be reviewed', async () => {
      const { space, cr } = await newCr();
      await edit(space.id, cr.id, 'Merged page');
      expect((await app.post(`${crPath(space.id, cr.id)}/merge`, undefined)).status).toBe(200);
      expectError(await submit(space.id, cr.id, { status: 'approved' }), 409, /the change request is merged: reviewing is not possible/);

      const archived = (await newCr('Archived')).space;
      clock.advance(1000);
      const second = (await app.post(`${spacePath(archived.id)}/change-requests`, { subject: 'Archive me' })).body;
      expect((await app.patch(crPath(archived.id, second.id), { status: 'archived' })).status).toBe(200);
      expectError(await submit(archived.id, second.id, { status: 'approved' }), 409, /archived/);
      expect((await app.patch(crPath(archived.id, second.id), { status: 'draft' })).status).toBe(200);
      expect((await submit(archived.id, second.id, { status: 'approved' })).status).toBe(201);
    });
  });

  describe('outdated reviews', () => {
    it('outdates every current review when the change request gets a new revision; new reviews are of the new one', async () => {
      const { space, cr } = await newCr();
      const approval = await reviewed(space.id, cr.id, 'approved');
      const changes = await reviewed(space.id, cr.id, 'changes-requested', ria.token);
      const edited = await edit(space.id, cr.id, 'After the approval');
      expect(edited.revision).not.toBe(cr.revision);

      const stale = (await app.get(reviewPath(space.id, cr.id, approval.id))).body;
      expect(stale).toEqual({ ...approval, outdated: true, updatedAt: edited.updatedAt });
      expectGitbookSchema('ChangeRequestReview', stale);
      const again = await reviewed(space.id, cr.id, 'approved');
      expect(again).toMatchObject({ revision: edited.revision, outdated: false });

      const all = await app.get(reviewsOf(space.id, cr.id));
      valid('GET', LIST, all);
      expect(ids(all.body.items)).toEqual([approval.id, changes.id, again.id]);
      expect(all.body.items.map((r: any) => r.outdated)).toEqual([true, true, false]);
      const outdated = await app.get(`${reviewsOf(space.id, cr.id)}?outdated=true`);
      valid('GET', LIST, outdated);
      expect(outdated.body).toMatchObject({ count: 2 });
      expect(ids(outdated.body.items)).toEqual([approval.id, changes.id]);
      expect(await listed(space.id, cr.id, '?outdated=false')).toEqual({ count: 1, items: [again] });
    });

    it("outdates a reviewer's previous review when they review again; an update from the live content outdates too", async () => {
      const { space, cr } = await newCr();
      const first = await reviewed(space.id, cr.id, 'changes-requested');
      const other = await reviewed(space.id, cr.id, 'approved', ria.token);
      const second = await reviewed(space.id, cr.id, 'approved');
      expect((await app.get(reviewPath(space.id, cr.id, first.id))).body).toMatchObject({ outdated: true, updatedAt: second.createdAt });
      expect(ids((await listed(space.id, cr.id, '?outdated=false')).items)).toEqual([other.id, second.id]);

      // The live content moves (another change request merged), then this one pulls it in: a new revision.
      clock.advance(1000);
      const live = (await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Live' })).body;
      await edit(space.id, live.id, 'Live page');
      expect((await app.post(`${crPath(space.id, live.id)}/merge`, undefined)).status).toBe(200);
      clock.advance(1000);
      const updated = await app.post(`${crPath(space.id, cr.id)}/update`, undefined);
      expect(updated.status).toBe(200);
      expect(await listed(space.id, cr.id, '?outdated=false')).toEqual({ count: 0, items: [] });
      expect((await listed(space.id, cr.id, '?outdated=true')).count).toBe(3);
    });
  });

  describe('requested reviewers who reviewed', () => {
    it('are answered with their latest review, which names who requested it; the others with none', async () => {
      const { space, cr } = await newCr();
      await requestReviews(space.id, cr.id, [cast.reader.userId, rex.userId]);
      // A reader may review once requested: the request is what lets them.
      const byReader = await submit(space.id, cr.id, { status: 'approved' }, cast.reader.token);
      expect(byReader.status).toBe(201);
      valid('POST', LIST, byReader);
      expect(byReader.body).toMatchObject({ reviewer: user(cast.reader.userId), requestedBy: user(cast.editor.userId) });

      const list = await app.get(`${crPath(space.id, cr.id)}/requested-reviewers`);
      expectValidAnswer(schemas, 'GET', REVIEWERS, list, 'ChangeRequestRequestedReviewer');
      // Requested in one call, the two have no order between them: each is found by its user.
      const of = (items: any[], userId: string) => items.find((item) => item.user.id === userId);
      expect(list.body.items).toHaveLength(2);
      expect(of(list.body.items, cast.reader.userId)).toMatchObject({ review: byReader.body });
      expect(of(list.body.items, rex.userId).review).toBeUndefined();

      // Their next review replaces it there; once the change request moves on it shows as outdated.
      const later = await reviewed(space.id, cr.id, 'changes-requested', cast.reader.token);
      const moved = await edit(space.id, cr.id, 'Moved on');
      const after = of((await app.get(`${crPath(space.id, cr.id)}/requested-reviewers`)).body.items, cast.reader.userId);
      expect(after.review).toEqual({ ...later, outdated: true, updatedAt: moved.updatedAt });
      expectGitbookSchema('ChangeRequestRequestedReviewer', after);
      // The request answer shows it too.
      const again = await requestReviews(space.id, cr.id, [cast.reader.userId]);
      expect(of(again, cast.reader.userId).review).toEqual(after.review);
      // A withdrawn request takes away the right to review without the review role.
      clock.advance(1000);
      expect((await app.delete(`${crPath(space.id, cr.id)}/requested-reviewers/${cast.reader.userId}`)).status).toBe(205);
      expectError(await submit(space.id, cr.id, { status: 'approved' }, cast.reader.token), 403, /needs the review role/);
    });
  });

  describe('GET .../reviews and .../reviews/{reviewId}', () => {
    let space: any;
    let cr: any;
    let order: string[];

    beforeAll(async () => {
      ({ space, cr } = await newCr('Paged'));
      const people = await Promise.all(['A', 'B', 'C'].map((n) => newPerson(app, `Reviewer ${n}`, `rv-${n}-${randomUUID()}@content.test`)));
      for (const person of people) await joinOrg(app, org, person, 'review');
      order = [];
      for (const person of [...people, rex, ria]) order.push((await reviewed(space.id, cr.id, 'approved', person.token)).id);
    });

    it('pages the reviews oldest first, with the total count on every page', async () => {
      const first = await app.get(`${reviewsOf(space.id, cr.id)}?limit=2`, cast.reader.token);
      expect(first.status).toBe(200);
      valid('GET', LIST, first);
      expect(first.body).toMatchObject({ count: 5, next: { page: expect.any(String) } });
      expect(ids(first.body.items)).toEqual(order.slice(0, 2));
      const second = await app.get(`${reviewsOf(space.id, cr.id)}?limit=2&page=${encodeURIComponent(first.body.next.page)}`);
      valid('GET', LIST, second);
      expect(second.body.count).toBe(5);
      expect(ids(second.body.items)).toEqual(order.slice(2, 4));
      expect(ids(await collectAll(app, `${reviewsOf(space.id, cr.id)}?limit=2`))).toEqual(order);
      // GitBook's format shapes a comment; reviews carry none, so the answer is the same.
      expect((await app.get(`${reviewsOf(space.id, cr.id)}?format=markdown`)).body).toEqual(
        (await app.get(reviewsOf(space.id, cr.id))).body,
      );
      expect((await app.get(`${reviewPath(space.id, cr.id, order[0]!)}?format=document`)).status).toBe(200);
    });

    it(
      'answers 400 for bad queries, 404 for reviews of other change requests and callers who cannot see the space, ' +
        '401 without a token',
      async () => {
        const one = reviewPath(space.id, cr.id, order[0]!);
        expectError(await app.get(`${reviewsOf(space.id, cr.id)}?limit=0`), 400, /limit/);
        expectError(await app.get(`${reviewsOf(space.id, cr.id)}?page=nonsense`), 400);
        expectError(await app.get(`${reviewsOf(space.id, cr.id)}?outdated=maybe`), 400, /^outdated must be true or false$/);
        expectError(await app.get(`${reviewsOf(space.id, cr.id)}?format=html`), 400, /^format must be one of document, markdown$/);
        expectError(await app.get(`${one}?format=html`), 400, /format must be one of/);
        expectError(await app.get(`${reviewsOf(space.id, cr.id)}?reviewer=me`), 400, /reviewer/);
        for (const path of [reviewsOf(space.id, cr.id), one]) {
          expectError(await app.get(path, cast.outsider.token), 404, /^space not found$/);
          expectError(await app.get(path, cast.guest.token), 404, /^space not found$/);
          expectError(await app.get(path, null), 401);
        }
        expectError(await app.get(reviewsOf('unknownSpace00000000', cr.id)), 404, /^space not found$/);
        expectError(await app.get(reviewsOf(space.id, 'unknownChangeRequest')), 404, /^change request not found$/);
        expectError(await app.get(reviewPath(space.id, cr.id, 'unknownReview')), 404, /^review not found$/);
        const other = await newCr('Elsewhere');
        expectError(await app.get(reviewPath(other.space.id, other.cr.id, order[0]!)), 404, /^review not found$/);
        expectError(await app.get(reviewPath(other.space.id, cr.id, order[0]!)), 404, /^change request not found$/);
      },
    );
  });

  describe('as events', () => {
    it('are events of the change request stream, in the audit trail and in `events read`', async () => {
      const { space, cr } = await newCr('Audited');
      await requestReviews(space.id, cr.id, [rex.userId]);
      const review = await reviewed(space.id, cr.id, 'approved');
      const expected = {
        type: 'ChangeRequestReviewSubmitted',
        data: {
          changeRequestId: cr.id,
          spaceId: space.id,
          organizationId: org,
          reviewId: review.id,
          status: 'approved',
          revision: cr.revision,
          requestedBy: cast.editor.userId,
        },
        metadata: { schemaVersion: 1, actor: rex.userId, occurredAt: review.createdAt },
      };
      const read = runCli(['events', 'read', '--stream', `changeRequest-${cr.id}`], { DATA_DIR: app.config.dataDir });
      expect(read.code).toBe(0);
      const events = jsonLines(read.stdout);
      expect(events.map((e) => e.type)).toEqual(['ChangeRequestCreated', 'ReviewersRequested', 'ChangeRequestReviewSubmitted']);
      expect(events[2]).toMatchObject(expected);

      const trail = await collectAll(app, `/v1/orgs/${org}/audit-events?action=ChangeRequestReviewSubmitted&limit=100`);
      const entry = trail.find((e: any) => e.target.id === cr.id);
      expect(entry).toMatchObject({
        action: 'ChangeRequestReviewSubmitted',
        actor: { id: rex.userId },
        target: { type: 'change-request', id: cr.id },
      });
      expectGitbookSchema('AuditEvent', entry);
    });

    it('are rebuilt the same by a replay of the projection', async () => {
      const { space, cr } = await newCr('Replayed');
      await requestReviews(space.id, cr.id, [ria.userId]);
      await reviewed(space.id, cr.id, 'changes-requested', ria.token);
      await reviewed(space.id, cr.id, 'approved');
      await edit(space.id, cr.id, 'Replayed page');
      await reviewed(space.id, cr.id, 'approved', ria.token);
      const read = async () => ({
        reviews: await listed(space.id, cr.id),
        current: await listed(space.id, cr.id, '?outdated=false'),
        requested: (await app.get(`${crPath(space.id, cr.id)}/requested-reviewers`)).body,
      });
      const before = await read();
      expect(before.reviews.count).toBe(3);

      const replay = runCli(['projections', 'replay', 'change_request_reviews'], { DATA_DIR: app.config.dataDir });
      expect(replay.code).toBe(0);
      expect(JSON.parse(replay.stdout)).toMatchObject({ projection: 'change_request_reviews', generation: 1 });
      // Read the new copy now, not when the server would next look up the generation.
      await app.forgetGeneration('change_request_reviews');
      expect(await read()).toEqual(before);
    });
  });
});
