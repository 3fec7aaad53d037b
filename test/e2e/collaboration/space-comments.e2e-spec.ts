import { FakeClock } from '@docs/platform/testing/fake-clock';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, spacePath } from '../support/content-world';
import { collectAll, expectError, TestApp } from '../support/test-app';
import {
  commentersOf,
  commentPath,
  commentsOf,
  editContent,
  letGuestComment,
  merge,
  newChangeRequest,
  postComment,
  postReply,
  replyPath,
  repliesOf,
  spaceWithPages,
  T,
  valid,
} from './comment-world';

describe('space comments', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let clock: FakeClock;

  beforeAll(async () => {
    clock = new FakeClock();
    app = await TestApp.start({}, { clock });
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'comments');
  });
  afterAll(() => app.stop());

  /** Posts a comment a second after the last write, so posting times order the comments. */
  async function post(spaceId: string, body: object, token?: string): Promise<any> {
    clock.advance(1000);
    return postComment(app, spaceId, body, { token });
  }

  const ownerUser = () => ({
    object: 'user',
    id: cast.ownerId,
    displayName: expect.any(String),
    email: expect.any(String),
    urls: { location: `http://api.test/v1/users/${cast.ownerId}` },
  });

  describe('POST and GET /v1/spaces/{spaceId}/comments (postCommentInSpace, getCommentInSpace)', () => {
    it("posts an open comment on the live revision, answers 200 with GitBook's Comment, and reads it back", async () => {
      const { space, pages } = await spaceWithPages(app, cast, ['Intro']);
      const res = await app.post(commentsOf(space.id), { body: { markdown: 'Looks **good**' }, page: pages[0], node: 'block-1' });
      expect(res.status).toBe(200);
      valid(schemas, 'POST', T.comments, res, 'Comment');
      const comment = res.body;
      expect(comment).toEqual({
        object: 'comment',
        id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
        postedBy: ownerUser(),
        postedAt: expect.any(String),
        reactions: [],
        replies: 0,
        repliers: [],
        body: { markdown: 'Looks **good**' },
        target: {
          node: { id: 'block-1' },
          page: { id: pages[0], title: 'Intro', path: 'intro', outdated: false },
          space: space.id,
          revision: space.revision,
        },
        urls: { location: `http://api.test/v1/spaces/${space.id}/comments/${comment.id}` },
        permissions: { view: true, edit: true, reply: true, delete: true },
        status: 'open',
      });
      expect(comment.editedAt).toBeUndefined();
      const got = await app.get(commentPath(space.id, comment.id));
      valid(schemas, 'GET', T.comment, got, 'Comment');
      expect(got.body).toEqual(comment);
      expect((await app.get(`${commentPath(space.id, comment.id)}?format=markdown`)).body).toEqual(comment);
    });

    it('posts on the space without a page, and counts open comments on the space', async () => {
      const space = await createSpace(app, cast.organizationId, { title: 'Counted' });
      expect(space.comments).toBe(0);
      const comment = await post(space.id, { body: { markdown: 'General remark' } });
      expect(comment.target).toEqual({ space: space.id, revision: space.revision });
      expect((await app.get(spacePath(space.id))).body.comments).toBe(1);
    });

    it('refuses a page absent from the live revision with 400 naming page, and records nothing', async () => {
      const { space } = await spaceWithPages(app, cast, ['Only']);
      expectError(await app.post(commentsOf(space.id), { body: { markdown: 'x' }, page: 'noSuchPage' }), 400, /^page: /);
      expect((await app.get(commentsOf(space.id))).body).toEqual({ items: [], count: 0 });
      expect((await app.get(spacePath(space.id))).body.comments).toBe(0);
    });

    it.each([
      [{}, /body/],
      [{ body: 'text' }, /^body must be an object \{ markdown \} or \{ document \}$/],
      [{ body: {} }, /^body must have markdown \(a string\) or document/],
      [{ body: { markdown: '' } }, /markdown must not be empty/],
      [{ body: { markdown: '  \n ' } }, /markdown must not be empty/],
      [{ body: { markdown: 7 } }, /body\.markdown must be a string/],
      [{ body: { document: { nodes: [] } } }, /^body\.document\.object: must be "document"$/],
      [{ body: { markdown: 'x', document: {} } }, /^body: send markdown or document, not both$/],
      [{ body: { markdown: 'x', extra: 1 } }, /property body\.extra should not exist/],
      [
        { body: { markdown: 'x' }, tableCell: { record: 'r', definition: 'd' } },
        /tableCell is not supported: there are no tables of records to comment on here/,
      ],
      [{ body: { markdown: 'x' }, page: '' }, /page must be longer than or equal to 1 characters/],
      [{ body: { markdown: 'x' }, page: 5 }, /page must be a string/],
      [{ body: { markdown: 'x' }, node: 'bad id!' }, /node must be an id/],
      [{ body: { markdown: 'x' }, node: null }, /node must be a string/],
    ])('refuses %j with 400', async (body, message) => {
      const space = await createSpace(app, cast.organizationId, { title: 'Bad input' });
      expectError(await app.post(commentsOf(space.id), body), 400, message);
      expect((await app.get(spacePath(space.id))).body.comments).toBe(0);
    });

    it('accepts a body of exactly 10000 characters, and refuses one more', async () => {
      const space = await createSpace(app, cast.organizationId, { title: 'Long' });
      expectError(
        await app.post(commentsOf(space.id), { body: { markdown: 'x'.repeat(10_001) } }),
        400,
        /body\.markdown must be shorter than or equal to 10000 characters/,
      );
      expect((await post(space.id, { body: { markdown: 'y'.repeat(10_000) } })).body.markdown).toHaveLength(10_000);
    });

    it('answers 404 for unknown comments and spaces, 400 for an unknown format or query parameter', async () => {
      const space = await createSpace(app, cast.organizationId, { title: 'Lookups' });
      const comment = await post(space.id, { body: { markdown: 'hi' } });
      expectError(await app.get(commentPath(space.id, 'unknownComment000000')), 404, /comment not found/);
      expectError(await app.get(commentPath('unknownSpace00000000', comment.id)), 404, /space not found/);
      const other = await createSpace(app, cast.organizationId, { title: 'Other' });
      expectError(await app.get(commentPath(other.id, comment.id)), 404, /comment not found/);
      expectError(await app.get(`${commentPath(space.id, comment.id)}?format=html`), 400, /format must be one of markdown, document/);
      expectError(await app.get(`${commentsOf(space.id)}?sort=x`), 400, /property sort should not exist/);
    });
  });

  describe('GET /v1/spaces/{spaceId}/comments (listCommentsInSpace)', () => {
    let space: any;
    let pages: string[];
    /** Posted in this order, a second apart: [owner on p0, editor on p1, owner (resolved) on p0, editor, guest-commenter on p1]. */
    let posted: any[];

    beforeAll(async () => {
      ({ space, pages } = await spaceWithPages(app, cast, ['First', 'Second'], 'Listed'));
      await letGuestComment(app, cast, space.id);
      posted = [
        await post(space.id, { body: { markdown: 'c0' }, page: pages[0] }),
        await post(space.id, { body: { markdown: 'c1' }, page: pages[1] }, cast.editor.token),
        await post(space.id, { body: { markdown: 'c2' }, page: pages[0] }),
        await post(space.id, { body: { markdown: 'c3' } }, cast.editor.token),
        await post(space.id, { body: { markdown: 'c4' }, page: pages[1] }, cast.guest.token),
      ];
      clock.advance(1000);
      expect((await app.put(commentPath(space.id, posted[2].id), { resolved: true })).status).toBe(200);
    });

    const list = async (query = '') => {
      const res = await app.get(`${commentsOf(space.id)}${query}`);
      valid(schemas, 'GET', T.comments, res, 'Comment');
      return res.body;
    };
    const bodies = (items: any[]) => items.map((c) => c.body.markdown);

    it('lists newest first by default, every status, with the total count', async () => {
      const page = await list();
      expect(bodies(page.items)).toEqual(['c4', 'c3', 'c2', 'c1', 'c0']);
      expect(page.count).toBe(5);
      expect(page.next).toBeUndefined();
    });

    it('orders asc and desc across pages', async () => {
      const first = await list('?order=asc&limit=2');
      expect(bodies(first.items)).toEqual(['c0', 'c1']);
      expect(first.count).toBe(5);
      const second = await list(`?order=asc&limit=2&page=${encodeURIComponent(first.next.page)}`);
      expect(bodies(second.items)).toEqual(['c2', 'c3']);
      const third = await list(`?order=asc&limit=2&page=${encodeURIComponent(second.next.page)}`);
      expect(bodies(third.items)).toEqual(['c4']);
      expect(third.next).toBeUndefined();
      expect(bodies(await collectAll(app, `${commentsOf(space.id)}?order=desc&limit=2`))).toEqual(['c4', 'c3', 'c2', 'c1', 'c0']);
    });

    it('filters by status, target page and authors, and combines them', async () => {
      expect(bodies((await list('?status=open')).items)).toEqual(['c4', 'c3', 'c1', 'c0']);
      expect(await list('?status=resolved')).toMatchObject({ count: 1, items: [{ body: { markdown: 'c2' }, status: 'resolved' }] });
      expect(bodies((await list('?status=all&order=asc')).items)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
      expect(bodies((await list(`?targetPage=${pages[0]}`)).items)).toEqual(['c2', 'c0']);
      expect(bodies((await list(`?targetPage=${pages[1]}&order=asc`)).items)).toEqual(['c1', 'c4']);
      expect(bodies((await list(`?targetPage=${pages[0]}&status=open`)).items)).toEqual(['c0']);
      expect(bodies((await list(`?authors=${cast.editor.userId}`)).items)).toEqual(['c3', 'c1']);
      const both = await list(`?authors=${cast.editor.userId}&authors=${cast.guest.userId}&order=asc`);
      expect(bodies(both.items)).toEqual(['c1', 'c3', 'c4']);
      expect(both.count).toBe(3);
      expect(bodies((await list(`?authors=${cast.editor.userId}&targetPage=${pages[1]}`)).items)).toEqual(['c1']);
      expect(await list('?authors=nobody')).toEqual({ items: [], count: 0 });
      const paged = await collectAll(app, `${commentsOf(space.id)}?status=open&limit=1&order=asc`);
      expect(bodies(paged)).toEqual(['c0', 'c1', 'c3', 'c4']);
    });

    it('refuses bad list parameters with 400', async () => {
      expectError(await app.get(`${commentsOf(space.id)}?order=newest`), 400, /order must be one of asc, desc/);
      expectError(await app.get(`${commentsOf(space.id)}?status=closed`), 400, /status must be one of all, open, resolved/);
      expectError(await app.get(`${commentsOf(space.id)}?limit=0`), 400, /limit/);
      expectError(await app.get(`${commentsOf(space.id)}?limit=1001`), 400, /limit/);
      expectError(await app.get(`${commentsOf(space.id)}?page=notACursor`), 400, /page/);
      expectError(await app.get(`${commentsOf(space.id)}?targetPage=`), 400, /targetPage/);
    });

    it("does not list change request comments with the space's", async () => {
      const cr = await newChangeRequest(app, space.id);
      await postComment(app, space.id, { body: { markdown: 'in the change request' } }, { cr: cr.id });
      expect((await list()).count).toBe(5);
      expect((await app.get(spacePath(space.id))).body.comments).toBe(4);
    });
  });

  describe('PUT /v1/spaces/{spaceId}/comments/{commentId} (updateCommentInSpace)', () => {
    it('resolves (status, resolvedAt, resolvedBy) and reopens (cleared), moving the space counter', async () => {
      const space = await createSpace(app, cast.organizationId, { title: 'Resolving' });
      const comment = await post(space.id, { body: { markdown: 'fix this' } });
      clock.advance(1000);
      const resolved = await app.put(commentPath(space.id, comment.id), { resolved: true }, cast.editor.token);
      expect(resolved.status).toBe(200);
      valid(schemas, 'PUT', T.comment, resolved, 'Comment');
      expect(resolved.body).toMatchObject({
        status: 'resolved',
        resolvedAt: expect.any(String),
        resolvedBy: { object: 'user', id: cast.editor.userId },
      });
      expect(resolved.body.resolvedAt > comment.postedAt).toBe(true);
      expect(resolved.body.editedAt).toBeUndefined();
      expect((await app.get(spacePath(space.id))).body.comments).toBe(0);
      // Resolving again changes nothing.
      clock.advance(1000);
      expect((await app.put(commentPath(space.id, comment.id), { resolved: true }, cast.editor.token)).body).toEqual(resolved.body);
      const reopened = await app.put(commentPath(space.id, comment.id), { resolved: false });
      valid(schemas, 'PUT', T.comment, reopened, 'Comment');
      expect(reopened.body.status).toBe('open');
      expect(reopened.body).not.toHaveProperty('resolvedAt');
      expect(reopened.body).not.toHaveProperty('resolvedBy');
      expect((await app.get(spacePath(space.id))).body.comments).toBe(1);
      expect((await app.put(commentPath(space.id, comment.id), { resolved: false })).body).toEqual(reopened.body);
      expect((await app.get(spacePath(space.id))).body.comments).toBe(1);
    });

    it('sets editedAt only when the author changes the body', async () => {
      const space = await createSpace(app, cast.organizationId, { title: 'Editing' });
      const comment = await post(space.id, { body: { markdown: 'draft' } });
      clock.advance(1000);
      const same = await app.put(commentPath(space.id, comment.id), { body: { markdown: 'draft' } });
      expect(same.body.editedAt).toBeUndefined();
      clock.advance(1000);
      const edited = await app.put(commentPath(space.id, comment.id), { body: { markdown: 'final' } });
      valid(schemas, 'PUT', T.comment, edited, 'Comment');
      expect(edited.body.body).toEqual({ markdown: 'final' });
      expect(edited.body.editedAt > comment.postedAt).toBe(true);
      expect(edited.body.postedAt).toBe(comment.postedAt);
      expect((await app.get(commentPath(space.id, comment.id))).body).toEqual(edited.body);
      // An empty update changes nothing.
      expect((await app.put(commentPath(space.id, comment.id), {})).body).toEqual(edited.body);
    });

    it.each([
      [{ resolved: 'yes' }, /resolved must be a boolean value/],
      [{ resolved: null }, /resolved must be a boolean value/],
      [{ body: null }, /body: nested property body must be either object or array/],
      [{ body: { markdown: '' } }, /markdown must not be empty/],
      [{ body: { document: {} } }, /^body\.document\.object: must be "document"; body\.document\.nodes: must be an array of blocks$/],
      [{ addedReactions: '👍' }, /addedReactions must be an array/],
      [{ addedReactions: ['a'] }, /each value in addedReactions must be an emoji/],
      [{ addedReactions: ['👍👍'] }, /each value in addedReactions must be an emoji/],
      [{ removedReactions: [':+1:'] }, /each value in removedReactions must be an emoji/],
      [{ addedReactions: [7] }, /addedReactions/],
      [{ addedReactions: Array(21).fill('👍') }, /addedReactions must contain no more than 20 elements/],
      [{ addedReactions: ['👍'], removedReactions: ['👍'] }, /addedReactions and removedReactions both name 👍/],
      [{ status: 'resolved' }, /property status should not exist/],
    ])('refuses %j with 400 and changes nothing', async (body, message) => {
      const space = await createSpace(app, cast.organizationId, { title: 'Bad update' });
      const comment = await post(space.id, { body: { markdown: 'keep' } });
      expectError(await app.put(commentPath(space.id, comment.id), body), 400, message);
      expect((await app.get(commentPath(space.id, comment.id))).body).toEqual(comment);
    });

    it('answers 404 for an unknown or deleted comment', async () => {
      const space = await createSpace(app, cast.organizationId, { title: 'Gone' });
      const comment = await post(space.id, { body: { markdown: 'bye' } });
      expectError(await app.put(commentPath(space.id, 'unknownComment000000'), { resolved: true }), 404, /comment not found/);
      expect((await app.delete(commentPath(space.id, comment.id))).status).toBe(205);
      expectError(await app.put(commentPath(space.id, comment.id), { resolved: true }), 404, /comment not found/);
    });
  });

  describe('reactions', () => {
    let space: any;

    beforeAll(async () => {
      space = await createSpace(app, cast.organizationId, { title: 'Reactions' });
      await letGuestComment(app, cast, space.id);
    });

    const react = (commentId: string, body: object, token?: string) => app.put(commentPath(space.id, commentId), body, token);

    it('adds a reaction once per user, counts users, and lists who reacted when', async () => {
      const comment = await post(space.id, { body: { markdown: 'react to me' } });
      clock.advance(1000);
      const first = await react(comment.id, { addedReactions: ['👍'] });
      valid(schemas, 'PUT', T.comment, first, 'Comment');
      expect(first.body.reactions).toEqual([{ emoji: '👍', count: 1, users: [{ user: ownerUser(), reactedAt: expect.any(String) }] }]);
      clock.advance(1000);
      // Adding it twice (in one list, or again later) is the same as once.
      expect((await react(comment.id, { addedReactions: ['👍', '👍'] })).body.reactions).toEqual(first.body.reactions);
      const second = await react(comment.id, { addedReactions: ['👍', '🎉'] }, cast.editor.token);
      expect(second.body.reactions).toEqual([
        {
          emoji: '👍',
          count: 2,
          users: [
            { user: ownerUser(), reactedAt: first.body.reactions[0].users[0].reactedAt },
            { user: expect.objectContaining({ id: cast.editor.userId }), reactedAt: expect.any(String) },
          ],
        },
        { emoji: '🎉', count: 1, users: [{ user: expect.objectContaining({ id: cast.editor.userId }), reactedAt: expect.any(String) }] },
      ]);
      expect((await app.get(commentPath(space.id, comment.id))).body.reactions).toEqual(second.body.reactions);
    });

    it('removes only what the caller gave: removing one never given changes nothing, counts never go negative', async () => {
      const comment = await post(space.id, { body: { markdown: 'counts' } });
      await react(comment.id, { addedReactions: ['❤️'] }, cast.editor.token);
      // The owner never gave ❤️ nor 🚀: nothing changes.
      const untouched = await react(comment.id, { removedReactions: ['❤️', '🚀'] });
      expect(untouched.body.reactions).toEqual([expect.objectContaining({ emoji: '❤️', count: 1 })]);
      const removed = await react(comment.id, { removedReactions: ['❤️'] }, cast.editor.token);
      expect(removed.body.reactions).toEqual([]);
      const again = await react(comment.id, { removedReactions: ['❤️'] }, cast.editor.token);
      expect(again.body.reactions).toEqual([]);
      expect((await react(comment.id, { addedReactions: ['❤️'] }, cast.guest.token)).body.reactions).toEqual([
        expect.objectContaining({ emoji: '❤️', count: 1 }),
      ]);
    });

    it('takes emoji sequences (skin tones, flags, ZWJ, keycaps) and stores a text-style pictograph in its emoji form', async () => {
      const comment = await post(space.id, { body: { markdown: 'emoji' } });
      const res = await react(comment.id, { addedReactions: ['👍🏽', '🇫🇷', '👩‍💻', '#️⃣', '\u2764'] });
      expect(res.status).toBe(200);
      expect(res.body.reactions.map((r: any) => r.emoji)).toEqual(['👍🏽', '🇫🇷', '👩‍💻', '#️⃣', '❤️']);
      // U+2764 and U+2764 U+FE0F are one reaction.
      expect((await react(comment.id, { removedReactions: ['❤️'] })).body.reactions.map((r: any) => r.emoji)).toEqual([
        '👍🏽',
        '🇫🇷',
        '👩‍💻',
        '#️⃣',
      ]);
    });

    it('keys reactions by emoji safely (no plain-object keys): __proto__-like input is refused as not an emoji', async () => {
      const comment = await post(space.id, { body: { markdown: 'safe' } });
      expectError(await react(comment.id, { addedReactions: ['__proto__'] }), 400, /must be an emoji/);
      expectError(await react(comment.id, { addedReactions: ['constructor'] }), 400, /must be an emoji/);
    });
  });

  describe('replies', () => {
    let space: any;
    let comment: any;

    beforeAll(async () => {
      space = await createSpace(app, cast.organizationId, { title: 'Replies' });
      await letGuestComment(app, cast, space.id);
      comment = await post(space.id, { body: { markdown: 'thread' } });
    });

    it('posts (200), reads, lists oldest first across pages, and counts replies and repliers on the comment', async () => {
      clock.advance(1000);
      const res = await app.post(repliesOf(space.id, comment.id), { body: { markdown: 'r1' } }, cast.editor.token);
      expect(res.status).toBe(200);
      valid(schemas, 'POST', T.replies, res, 'CommentReply');
      expect(res.body).toEqual({
        object: 'comment-reply',
        id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
        postedBy: expect.objectContaining({ object: 'user', id: cast.editor.userId }),
        postedAt: expect.any(String),
        reactions: [],
        body: { markdown: 'r1' },
        urls: { location: `http://api.test/v1/spaces/${space.id}/comments/${comment.id}/replies/${res.body.id}` },
        permissions: { view: true, edit: true, reply: true, delete: true },
      });
      const got = await app.get(replyPath(space.id, comment.id, res.body.id), cast.editor.token);
      valid(schemas, 'GET', T.reply, got, 'CommentReply');
      expect(got.body).toEqual(res.body);
      // Seen by someone else: not theirs to edit or delete.
      expect((await app.get(replyPath(space.id, comment.id, res.body.id), cast.guest.token)).body.permissions).toEqual({
        view: true,
        edit: false,
        reply: true,
        delete: false,
      });
      clock.advance(1000);
      await postReply(app, space.id, comment.id, 'r2', { token: cast.guest.token });
      clock.advance(1000);
      await postReply(app, space.id, comment.id, 'r3', { token: cast.editor.token });
      const first = await app.get(`${repliesOf(space.id, comment.id)}?limit=2`);
      valid(schemas, 'GET', T.replies, first, 'CommentReply');
      expect(first.body.count).toBe(3);
      expect(first.body.items.map((r: any) => r.body.markdown)).toEqual(['r1', 'r2']);
      expect((await collectAll(app, `${repliesOf(space.id, comment.id)}?limit=2&format=markdown`)).map((r) => r.body.markdown)).toEqual([
        'r1',
        'r2',
        'r3',
      ]);
      const parent = (await app.get(commentPath(space.id, comment.id))).body;
      expect(parent.replies).toBe(3);
      expect(parent.repliers).toEqual([
        { user: expect.objectContaining({ id: cast.editor.userId }), count: 2, updatedAt: expect.any(String) },
        { user: expect.objectContaining({ id: cast.guest.userId }), count: 1, updatedAt: expect.any(String) },
      ]);
    });

    it('edits (author only, editedAt), reacts, and deletes (205) replies', async () => {
      const reply = await postReply(app, space.id, comment.id, 'mine', { token: cast.guest.token });
      clock.advance(1000);
      const edited = await app.put(
        replyPath(space.id, comment.id, reply.id),
        { body: { markdown: 'mine, edited' }, addedReactions: ['👀'] },
        cast.guest.token,
      );
      expect(edited.status).toBe(200);
      valid(schemas, 'PUT', T.reply, edited, 'CommentReply');
      expect(edited.body).toMatchObject({
        body: { markdown: 'mine, edited' },
        editedAt: expect.any(String),
        reactions: [{ emoji: '👀', count: 1 }],
      });
      expectError(
        await app.put(replyPath(space.id, comment.id, reply.id), { body: { markdown: 'not yours' } }, cast.editor.token),
        403,
        /only the author of a reply/,
      );
      const reacted = await app.put(replyPath(space.id, comment.id, reply.id), { addedReactions: ['👀'] }, cast.editor.token);
      expect(reacted.body.reactions).toEqual([expect.objectContaining({ emoji: '👀', count: 2 })]);
      expect(reacted.body.body).toEqual({ markdown: 'mine, edited' });
      const count = (await app.get(commentPath(space.id, comment.id))).body.replies;
      const deleted = await app.delete(replyPath(space.id, comment.id, reply.id), cast.guest.token);
      expect(deleted.status).toBe(205);
      valid(schemas, 'DELETE', T.reply, deleted);
      expectError(await app.get(replyPath(space.id, comment.id, reply.id)), 404, /comment reply not found/);
      expectError(await app.delete(replyPath(space.id, comment.id, reply.id)), 404, /comment reply not found/);
      expect((await app.get(commentPath(space.id, comment.id))).body.replies).toBe(count - 1);
    });

    it('refuses bad reply bodies and unknown replies', async () => {
      expectError(await app.post(repliesOf(space.id, comment.id), {}), 400, /body/);
      expectError(await app.post(repliesOf(space.id, comment.id), { body: { markdown: ' ' } }), 400, /markdown must not be empty/);
      expectError(
        await app.post(repliesOf(space.id, comment.id), { body: { markdown: 'x' }, node: 'n' }),
        400,
        /property node should not exist/,
      );
      expectError(
        await app.put(replyPath(space.id, comment.id, 'unknownReply00000000'), { addedReactions: ['👍'] }),
        404,
        /comment reply not found/,
      );
      expectError(await app.post(repliesOf(space.id, 'unknownComment000000'), { body: { markdown: 'x' } }), 404, /comment not found/);
      expectError(await app.get(repliesOf(space.id, 'unknownComment000000')), 404, /comment not found/);
      expectError(await app.get(`${repliesOf(space.id, comment.id)}?format=pdf`), 400, /format must be one of markdown, document/);
    });
  });

  describe('DELETE /v1/spaces/{spaceId}/comments/{commentId} (deleteCommentInSpace)', () => {
    it('answers 205, deletes the replies with it, and moves the counter only for an open comment', async () => {
      const space = await createSpace(app, cast.organizationId, { title: 'Deleting' });
      const open = await post(space.id, { body: { markdown: 'open one' } });
      const resolved = await post(space.id, { body: { markdown: 'resolved one' } });
      await app.put(commentPath(space.id, resolved.id), { resolved: true });
      const reply = await postReply(app, space.id, open.id, 'reply', { token: cast.editor.token });
      expect((await app.get(spacePath(space.id))).body.comments).toBe(1);
      const res = await app.delete(commentPath(space.id, resolved.id));
      expect(res.status).toBe(205);
      valid(schemas, 'DELETE', T.comment, res);
      expect((await app.get(spacePath(space.id))).body.comments).toBe(1);
      expect((await app.delete(commentPath(space.id, open.id))).status).toBe(205);
      expect((await app.get(spacePath(space.id))).body.comments).toBe(0);
      expectError(await app.get(commentPath(space.id, open.id)), 404, /comment not found/);
      expectError(await app.get(replyPath(space.id, open.id, reply.id)), 404, /comment not found/);
      expectError(await app.delete(commentPath(space.id, open.id)), 404, /comment not found/);
      expect((await app.get(commentsOf(space.id))).body).toEqual({ items: [], count: 0 });
      // Nobody has a comment or reply left: no commenters.
      expect((await app.get(commentersOf(space.id))).body).toEqual({ items: [], count: 0 });
    });
  });

  describe('outdated', () => {
    it('is false until the page changes after the comment, and true when it is gone from the live revision', async () => {
      const { space, pages } = await spaceWithPages(app, cast, ['Stable', 'Changing', 'Doomed'], 'Outdated');
      const [stable, changing, doomed] = await Promise.all(
        pages.map((page) => postComment(app, space.id, { body: { markdown: 'on a page' }, page })),
      );
      expect([stable, changing, doomed].map((c) => c.target.page.outdated)).toEqual([false, false, false]);
      const cr = await newChangeRequest(app, space.id);
      await editContent(app, space.id, cr.id, [
        { operation: 'update_page', page: pages[1], document: { markdown: '# Changing\n\nSecond version.' } },
        { operation: 'update_page', page: pages[0], title: 'Stable, renamed' },
        { operation: 'delete_page', page: pages[2] },
      ]);
      // Until merged, the live content did not change.
      expect((await app.get(commentPath(space.id, changing.id))).body.target.page.outdated).toBe(false);
      await merge(app, space.id, cr.id);
      const list = (await app.get(`${commentsOf(space.id)}?order=asc`)).body.items;
      valid(schemas, 'GET', T.comments, { status: 200, body: { items: list, count: 3 }, headers: new Headers() }, 'Comment');
      const byId = new Map(list.map((c: any) => [c.id, c.target.page]));
      expect(byId.get(stable.id)).toEqual({ id: pages[0], title: 'Stable, renamed', path: 'stable-renamed', outdated: false });
      expect(byId.get(changing.id)).toEqual({ id: pages[1], title: 'Changing', path: 'changing', outdated: true });
      // A page gone from the live revision is outdated, shown as it was when commented on.
      expect(byId.get(doomed.id)).toEqual({ id: pages[2], title: 'Doomed', path: 'doomed', outdated: true });
      // The comment keeps its revision.
      expect((await app.get(commentPath(space.id, changing.id))).body.target.revision).toBe(space.revision);
    });
  });

  describe('GET /v1/spaces/{spaceId}/commenters (listCommentersInSpace)', () => {
    it('lists the members who posted comments or replies, by first post, paged, as OrganizationMember objects', async () => {
      const space = await createSpace(app, cast.organizationId, { title: 'Commenters' });
      await letGuestComment(app, cast, space.id);
      const first = await post(space.id, { body: { markdown: 'a' } }, cast.editor.token);
      await post(space.id, { body: { markdown: 'b' } });
      await post(space.id, { body: { markdown: 'c' } }, cast.editor.token);
      clock.advance(1000);
      await postReply(app, space.id, first.id, 'reply', { token: cast.guest.token });
      const res = await app.get(`${commentersOf(space.id)}?limit=2`);
      expect(res.status).toBe(200);
      valid(schemas, 'GET', T.commenters, res, 'OrganizationMember');
      expect(res.body.count).toBe(3);
      expect(res.body.items.map((m: any) => m.id)).toEqual([cast.editor.userId, cast.ownerId]);
      expect(res.body.items[0]).toMatchObject({ object: 'member', role: 'edit', user: { id: cast.editor.userId } });
      expect((await collectAll(app, `${commentersOf(space.id)}?limit=2`)).map((m) => m.id)).toEqual([
        cast.editor.userId,
        cast.ownerId,
        cast.guest.userId,
      ]);
      expect((await app.get(commentersOf(space.id), cast.reader.token)).status).toBe(200);
      expectError(await app.get(commentersOf(space.id), cast.outsider.token), 404, /space not found/);
    });
  });
});
