import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, grant, spacePath } from '../support/content-world';
import { expectError, TestApp } from '../support/test-app';
import {
  commentersOf,
  commentPath,
  commentsOf,
  letGuestComment,
  newChangeRequest,
  postComment,
  postReply,
  replyPath,
  repliesOf,
  T,
  valid,
} from './comment-world';

/**
 * Who may do what with comments (docs/collaboration-design.md, "Permissions"): the space admin
 * (the organization's owner), an editor, a commenter (a guest granted `comment` on the space), a
 * reader, a non-member, a guest without a grant, and nobody.
 */
describe('comment permissions', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let space: any;
  let cr: any;

  type Who = 'admin' | 'editor' | 'commenter' | 'reader' | 'outsider' | 'anonymous';
  const token = (who: Who) => (who === 'commenter' ? cast.token('guest') : cast.token(who));
  const userId = (who: Exclude<Who, 'anonymous'>) => (who === 'commenter' ? cast.userId('guest') : cast.userId(who));

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'comment-permissions');
    space = await createSpace(app, cast.organizationId, { title: 'Guarded' });
    await letGuestComment(app, cast, space.id);
    cr = await newChangeRequest(app, space.id, 'Guarded CR');
  });
  afterAll(() => app.stop());

  describe.each([
    ['space', () => undefined],
    ['change request', () => cr.id],
  ])('on the %s', (_where, crOf) => {
    const comments = () => commentsOf(space.id, crOf());
    const one = (id: string) => commentPath(space.id, id, crOf());

    it.each<[Who, number]>([
      ['admin', 200],
      ['editor', 200],
      ['commenter', 200],
      ['reader', 403],
      ['outsider', 404],
      ['anonymous', 401],
    ])('posting as %s answers %i', async (who, status) => {
      const res = await app.post(comments(), { body: { markdown: `by ${who}` } }, token(who));
      expect(res.status).toBe(status);
      if (status === 200) expect(res.body.postedBy.id).toBe(userId(who as Exclude<Who, 'anonymous'>));
      if (status === 403) expectError(res, 403, /commenting needs the comment role/);
      if (status === 404) expectError(res, 404, /space not found/);
    });

    it.each<[Who, number]>([
      ['admin', 200],
      ['editor', 200],
      ['commenter', 200],
      ['reader', 200],
      ['outsider', 404],
      ['anonymous', 401],
    ])('reading as %s answers %i', async (who, status) => {
      const comment = await postComment(app, space.id, { body: { markdown: 'read me' } }, { cr: crOf() });
      const reply = await postReply(app, space.id, comment.id, 'reply', { cr: crOf() });
      for (const path of [
        comments(),
        one(comment.id),
        repliesOf(space.id, comment.id, crOf()),
        replyPath(space.id, comment.id, reply.id, crOf()),
        commentersOf(space.id, crOf()),
      ]) {
        expect({ path, status: (await app.get(path, token(who))).status }).toEqual({ path, status });
      }
    });

    it('answers each caller the permissions it enforces', async () => {
      const comment = await postComment(app, space.id, { body: { markdown: "the commenter's" } }, { cr: crOf(), token: cast.guest.token });
      const permissions = async (who: Who) => {
        const res = await app.get(one(comment.id), token(who));
        valid(schemas, 'GET', crOf() ? T.crComment : T.comment, res, 'Comment');
        return res.body.permissions;
      };
      expect(await permissions('commenter')).toEqual({ view: true, edit: true, reply: true, delete: true });
      expect(await permissions('admin')).toEqual({ view: true, edit: false, reply: true, delete: true });
      expect(await permissions('editor')).toEqual({ view: true, edit: false, reply: true, delete: false });
      expect(await permissions('reader')).toEqual({ view: true, edit: false, reply: false, delete: false });
    });

    it('lets commenters and more resolve and react, refusing readers with 403', async () => {
      const comment = await postComment(app, space.id, { body: { markdown: 'resolve me' } }, { cr: crOf() });
      expectError(await app.put(one(comment.id), { resolved: true }, cast.reader.token), 403, /updating a comment needs the comment role/);
      expectError(await app.put(one(comment.id), { addedReactions: ['👍'] }, cast.reader.token), 403, /comment role/);
      expectError(await app.put(one(comment.id), {}, cast.reader.token), 403, /comment role/);
      expectError(
        await app.post(repliesOf(space.id, comment.id, crOf()), { body: { markdown: 'no' } }, cast.reader.token),
        403,
        /replying needs the comment role/,
      );
      expectError(await app.put(one(comment.id), { resolved: true }, cast.outsider.token), 404, /space not found/);
      expectError(await app.put(one(comment.id), { resolved: true }, null), 401);
      const resolved = await app.put(one(comment.id), { resolved: true, addedReactions: ['👍'] }, cast.guest.token);
      expect(resolved.body).toMatchObject({
        status: 'resolved',
        resolvedBy: { id: cast.guest.userId },
        reactions: [{ emoji: '👍', count: 1 }],
      });
      expect((await app.put(one(comment.id), { resolved: false, addedReactions: ['👍'] }, cast.editor.token)).body).toMatchObject({
        status: 'open',
        reactions: [{ count: 2 }],
      });
    });

    it('lets only the author edit the body: even a space admin gets 403, and a demoted author too', async () => {
      const comment = await postComment(app, space.id, { body: { markdown: 'mine' } }, { cr: crOf(), token: cast.editor.token });
      for (const who of ['admin', 'commenter'] as const) {
        expectError(
          await app.put(one(comment.id), { body: { markdown: 'theirs' } }, token(who)),
          403,
          /only the author of a comment can edit its body/,
        );
      }
      // Nothing of a refused update is recorded, reactions included.
      expectError(await app.put(one(comment.id), { body: { markdown: 'theirs' }, addedReactions: ['🎉'] }), 403, /only the author/);
      expect((await app.get(one(comment.id))).body).toMatchObject({ body: { markdown: 'mine' }, reactions: [] });
      expect((await app.put(one(comment.id), { body: { markdown: 'mine, edited' } }, cast.editor.token)).body.body).toEqual({
        markdown: 'mine, edited',
      });
      // The guest writes as a commenter, then is demoted to reader on the space: no more edits.
      const demotedSpace = await createSpace(app, cast.organizationId, { title: 'Demotion' });
      await letGuestComment(app, cast, demotedSpace.id);
      const own = await postComment(app, demotedSpace.id, { body: { markdown: 'before' } }, { token: cast.guest.token });
      await grant(app, demotedSpace.id, { role: 'read', users: [cast.guest.userId] });
      expectError(
        await app.put(commentPath(demotedSpace.id, own.id), { body: { markdown: 'after' } }, cast.guest.token),
        403,
        /comment role/,
      );
      expectError(await app.delete(commentPath(demotedSpace.id, own.id), cast.guest.token), 403, /comment role/);
      expect((await app.get(commentPath(demotedSpace.id, own.id), cast.guest.token)).body.permissions).toEqual({
        view: true,
        edit: false,
        reply: false,
        delete: false,
      });
    });

    it('lets the author or a space admin delete, refusing others with 403', async () => {
      const byCommenter = await postComment(app, space.id, { body: { markdown: 'x' } }, { cr: crOf(), token: cast.guest.token });
      expectError(await app.delete(one(byCommenter.id), cast.editor.token), 403, /only the author of a comment or a space admin/);
      expectError(await app.delete(one(byCommenter.id), cast.reader.token), 403, /comment role/);
      expectError(await app.delete(one(byCommenter.id), cast.outsider.token), 404, /space not found/);
      expectError(await app.delete(one(byCommenter.id), null), 401);
      expect((await app.delete(one(byCommenter.id), cast.guest.token)).status).toBe(205);
      const byEditor = await postComment(app, space.id, { body: { markdown: 'y' } }, { cr: crOf(), token: cast.editor.token });
      const reply = await postReply(app, space.id, byEditor.id, 'reply', { cr: crOf(), token: cast.guest.token });
      expectError(
        await app.delete(replyPath(space.id, byEditor.id, reply.id, crOf()), cast.editor.token),
        403,
        /only the author of a reply or a space admin/,
      );
      expectError(
        await app.put(replyPath(space.id, byEditor.id, reply.id, crOf()), { body: { markdown: 'z' } }, cast.editor.token),
        403,
        /only the author of a reply/,
      );
      expect((await app.delete(replyPath(space.id, byEditor.id, reply.id, crOf()))).status).toBe(205);
      expect((await app.delete(one(byEditor.id))).status).toBe(205);
    });
  });

  it('hides spaces the caller cannot see: a guest without a grant and non-members get 404 everywhere', async () => {
    const hidden = await createSpace(app, cast.organizationId, { title: 'Hidden' });
    const comment = await postComment(app, hidden.id, { body: { markdown: 'secret' } });
    for (const t of [cast.guest.token, cast.outsider.token]) {
      expectError(await app.get(commentsOf(hidden.id), t), 404, /space not found/);
      expectError(await app.get(commentPath(hidden.id, comment.id), t), 404, /space not found/);
      expectError(await app.post(commentsOf(hidden.id), { body: { markdown: 'x' } }, t), 404, /space not found/);
      expectError(await app.delete(commentPath(hidden.id, comment.id), t), 404, /space not found/);
      expectError(await app.get(commentersOf(hidden.id), t), 404, /space not found/);
    }
    // A space in the trash is invisible too.
    expect((await app.delete(spacePath(hidden.id))).status).toBe(205);
    expectError(await app.get(commentPath(hidden.id, comment.id)), 404, /space not found/);
  });

  it('validates the body before looking at permissions (400 for a malformed body, whoever sends it)', async () => {
    expectError(await app.post(commentsOf(space.id), { body: { markdown: '' } }, cast.outsider.token), 400, /markdown/);
  });
});
