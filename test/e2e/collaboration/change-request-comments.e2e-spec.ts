import { FakeClock } from '@docs/platform/testing/fake-clock';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, spacePath } from '../support/content-world';
import { collectAll, expectError, TestApp } from '../support/test-app';
import {
  commentersOf,
  commentPath,
  commentsOf,
  editContent,
  letGuestComment,
  newChangeRequest,
  postComment,
  postReply,
  replyPath,
  repliesOf,
  spaceWithPages,
  T,
  valid,
} from './comment-world';

describe('change request comments', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let clock: FakeClock;

  beforeAll(async () => {
    clock = new FakeClock();
    app = await TestApp.start({}, { clock });
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'cr-comments');
  });
  afterAll(() => app.stop());

  const crPath = (spaceId: string, cr: string | number) => `${spacePath(spaceId)}/change-requests/${cr}`;

  async function post(spaceId: string, cr: string | number, body: object, token?: string): Promise<any> {
    clock.advance(1000);
    return postComment(app, spaceId, body, { cr, token });
  }

  /** A space with two live pages and a change request that added a third page. */
  async function world() {
    const { space, pages } = await spaceWithPages(app, cast, ['Alpha', 'Beta'], 'Reviewed');
    const cr = await newChangeRequest(app, space.id, 'Review me');
    const added = (await editContent(app, space.id, cr.id, [{ operation: 'insert_page', title: 'Gamma', document: { markdown: 'new' } }]))
      .changes[0].page.id;
    const fresh = (await app.get(crPath(space.id, cr.id))).body;
    return { space, pages, cr: fresh, added };
  }

  it(
    "posts on the change request's revision (by id or number), answering GitBook's Comment with the " + 'change request as target',
    async () => {
      const { space, cr, added } = await world();
      const res = await app.post(commentsOf(space.id, cr.id), { body: { markdown: 'Why a new page?' }, page: added });
      expect(res.status).toBe(200);
      valid(schemas, 'POST', T.crComments, res, 'Comment');
      expect(res.body).toMatchObject({
        object: 'comment',
        status: 'open',
        target: {
          changeRequest: cr.id,
          space: space.id,
          revision: cr.revision,
          page: { id: added, title: 'Gamma', path: 'gamma', outdated: false },
        },
        urls: { location: `http://api.test/v1/spaces/${space.id}/change-requests/${cr.id}/comments/${res.body.id}` },
      });
      const byNumber = await app.get(commentPath(space.id, res.body.id, cr.number));
      valid(schemas, 'GET', T.crComment, byNumber, 'Comment');
      expect(byNumber.body).toEqual(res.body);
      // The page exists only in the change request: a comment on the space's live content cannot name it.
      expectError(await app.post(commentsOf(space.id), { body: { markdown: 'x' }, page: added }), 400, /^page: /);
      expectError(await app.post(commentsOf(space.id, cr.number), { body: { markdown: 'x' }, page: 'missingPage' }), 400, /^page: /);
    },
  );

  it("keeps space and change request comments apart: each route 404s the other's comments", async () => {
    const { space, cr } = await world();
    const onCr = await post(space.id, cr.id, { body: { markdown: 'cr' } });
    const onSpace = await postComment(app, space.id, { body: { markdown: 'space' } });
    expectError(await app.get(commentPath(space.id, onCr.id)), 404, /comment not found/);
    expectError(await app.get(commentPath(space.id, onSpace.id, cr.id)), 404, /comment not found/);
    expectError(await app.put(commentPath(space.id, onSpace.id, cr.id), { resolved: true }), 404, /comment not found/);
    expectError(await app.delete(commentPath(space.id, onCr.id)), 404, /comment not found/);
    const other = await newChangeRequest(app, space.id, 'Other');
    expectError(await app.get(commentPath(space.id, onCr.id, other.id)), 404, /comment not found/);
    expectError(await app.get(commentsOf(space.id, 'unknownChangeRequest')), 404, /change request not found/);
    expectError(await app.post(commentsOf(space.id, 999), { body: { markdown: 'x' } }), 404, /change request not found/);
    expect((await app.get(commentsOf(space.id, other.id))).body).toEqual({ items: [], count: 0 });
  });

  it(
    'counts open comments on the change request (not the space) through post, ' + 'resolve, reopen and delete, leaving updatedAt alone',
    async () => {
      const { space, cr } = await world();
      const counts = async () => ({
        cr: (await app.get(crPath(space.id, cr.id))).body.comments,
        space: (await app.get(spacePath(space.id))).body.comments,
      });
      const a = await post(space.id, cr.id, { body: { markdown: 'a' } });
      const b = await post(space.id, cr.number, { body: { markdown: 'b' } });
      expect(await counts()).toEqual({ cr: 2, space: 0 });
      await app.put(commentPath(space.id, a.id, cr.id), { resolved: true });
      expect(await counts()).toEqual({ cr: 1, space: 0 });
      await app.put(commentPath(space.id, a.id, cr.id), { resolved: false });
      expect(await counts()).toEqual({ cr: 2, space: 0 });
      await app.put(commentPath(space.id, b.id, cr.id), { resolved: true });
      expect((await app.delete(commentPath(space.id, b.id, cr.id))).status).toBe(205);
      expect(await counts()).toEqual({ cr: 1, space: 0 });
      expect((await app.delete(commentPath(space.id, a.id, cr.number))).status).toBe(205);
      expect(await counts()).toEqual({ cr: 0, space: 0 });
      const after = (await app.get(crPath(space.id, cr.id))).body;
      valid(schemas, 'GET', '/v1/spaces/{spaceId}/change-requests/{changeRequestId}', { status: 200, body: after, headers: new Headers() });
      expect(after.updatedAt).toBe(cr.updatedAt);
    },
  );

  it('lists with order, status, targetPage and authors across pages', async () => {
    const { space, pages, cr } = await world();
    await letGuestComment(app, cast, space.id);
    await post(space.id, cr.id, { body: { markdown: 'c0' }, page: pages[0] });
    const c1 = await post(space.id, cr.id, { body: { markdown: 'c1' } }, cast.editor.token);
    await post(space.id, cr.id, { body: { markdown: 'c2' }, page: pages[0] }, cast.guest.token);
    await app.put(commentPath(space.id, c1.id, cr.id), { resolved: true });
    const bodies = (items: any[]) => items.map((c) => c.body.markdown);
    const first = await app.get(`${commentsOf(space.id, cr.id)}?limit=2`);
    valid(schemas, 'GET', T.crComments, first, 'Comment');
    expect(first.body.count).toBe(3);
    expect(bodies(first.body.items)).toEqual(['c2', 'c1']);
    expect(bodies(await collectAll(app, `${commentsOf(space.id, cr.id)}?limit=2&order=asc`))).toEqual(['c0', 'c1', 'c2']);
    expect(bodies((await app.get(`${commentsOf(space.id, cr.number)}?status=open&order=asc`)).body.items)).toEqual(['c0', 'c2']);
    expect(bodies((await app.get(`${commentsOf(space.id, cr.id)}?status=resolved`)).body.items)).toEqual(['c1']);
    expect(bodies((await app.get(`${commentsOf(space.id, cr.id)}?targetPage=${pages[0]}`)).body.items)).toEqual(['c2', 'c0']);
    expect(
      bodies((await app.get(`${commentsOf(space.id, cr.id)}?authors=${cast.guest.userId}&authors=${cast.ownerId}`)).body.items),
    ).toEqual(['c2', 'c0']);
  });

  it('replies: list (paged), post (200), get, update and delete (205), as GitBook defines them', async () => {
    const { space, cr } = await world();
    await letGuestComment(app, cast, space.id);
    const comment = await post(space.id, cr.id, { body: { markdown: 'thread' } });
    clock.advance(1000);
    const res = await app.post(`${repliesOf(space.id, comment.id, cr.id)}?format=markdown`, { body: { markdown: 'r1' } }, cast.guest.token);
    expect(res.status).toBe(200);
    valid(schemas, 'POST', T.crReplies, res, 'CommentReply');
    expect(res.body.urls.location).toBe(
      `http://api.test/v1/spaces/${space.id}/change-requests/${cr.id}/comments/${comment.id}/replies/${res.body.id}`,
    );
    clock.advance(1000);
    await postReply(app, space.id, comment.id, 'r2', { cr: cr.number });
    const listed = await app.get(`${repliesOf(space.id, comment.id, cr.id)}?limit=1`);
    valid(schemas, 'GET', T.crReplies, listed, 'CommentReply');
    expect(listed.body).toMatchObject({ count: 2, items: [{ body: { markdown: 'r1' } }], next: { page: expect.any(String) } });
    const got = await app.get(replyPath(space.id, comment.id, res.body.id, cr.number), cast.guest.token);
    valid(schemas, 'GET', T.crReply, got, 'CommentReply');
    expect(got.body).toEqual(res.body);
    clock.advance(1000);
    const updated = await app.put(
      replyPath(space.id, comment.id, res.body.id, cr.id),
      { body: { markdown: 'r1!' }, addedReactions: ['✅'] },
      cast.guest.token,
    );
    valid(schemas, 'PUT', T.crReply, updated, 'CommentReply');
    expect(updated.body).toMatchObject({ body: { markdown: 'r1!' }, editedAt: expect.any(String), reactions: [{ emoji: '✅', count: 1 }] });
    // A space admin deletes anyone's reply.
    const deleted = await app.delete(replyPath(space.id, comment.id, res.body.id, cr.id));
    expect(deleted.status).toBe(205);
    valid(schemas, 'DELETE', T.crReply, deleted);
    expect((await app.get(commentPath(space.id, comment.id, cr.id))).body.replies).toBe(1);
  });

  it('marks a comment outdated once the change request changes its page', async () => {
    const { space, pages, cr } = await world();
    const comment = await post(space.id, cr.id, { body: { markdown: 'about Beta' }, page: pages[1] });
    expect(comment.target.page.outdated).toBe(false);
    await editContent(app, space.id, cr.id, [{ operation: 'update_page', page: pages[0], document: { markdown: 'alpha changed' } }]);
    expect((await app.get(commentPath(space.id, comment.id, cr.id))).body.target.page.outdated).toBe(false);
    await editContent(app, space.id, cr.id, [{ operation: 'update_page', page: pages[1], document: { markdown: 'beta changed' } }]);
    expect((await app.get(commentPath(space.id, comment.id, cr.id))).body.target.page).toEqual({
      id: pages[1],
      title: 'Beta',
      path: 'beta',
      outdated: true,
    });
  });

  it("lists the change request's commenters (listCommentersInChangeRequest), apart from the space's", async () => {
    const { space, cr } = await world();
    const comment = await post(space.id, cr.id, { body: { markdown: 'a' } }, cast.editor.token);
    await postReply(app, space.id, comment.id, 'b', { cr: cr.id });
    await postComment(app, space.id, { body: { markdown: 'on the space' } }, { token: cast.editor.token });
    const res = await app.get(commentersOf(space.id, cr.number));
    expect(res.status).toBe(200);
    valid(schemas, 'GET', T.crCommenters, res, 'OrganizationMember');
    expect(res.body.items.map((m: any) => m.id)).toEqual([cast.editor.userId, cast.ownerId]);
    expect((await app.get(commentersOf(space.id))).body.items.map((m: any) => m.id)).toEqual([cast.editor.userId]);
    expectError(await app.get(commentersOf(space.id, 'unknownChangeRequest')), 404, /change request not found/);
  });
});
