import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { CommentEvent } from './comment.events';
import { commentsProjection } from './comments.projection';
import { COMMENT_REPLIES, commenterId, COMMENTERS, COMMENTS, CommentsReadModel } from './comments.read-model';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-01-02T00:00:00.000Z';
const T3 = '2026-01-03T00:00:00.000Z';
const place = (commentId: string, changeRequestId?: string) => ({
  commentId,
  spaceId: 's1',
  ...(changeRequestId ? { changeRequestId } : {}),
});
const posted = (commentId: string, extra: object = {}, changeRequestId?: string): CommentEvent => ({
  type: 'CommentPosted',
  data: { ...place(commentId, changeRequestId), revision: 'r1', markdown: `body of ${commentId}`, ...extra },
});
const by = (actor: string, at: string, ...events: CommentEvent[]) => events.map((e) => ({ ...e, metadata: { actor, occurredAt: at } }));

describe('comments projection', () => {
  const spec = projectionSpecPerTest(commentsProjection);
  const read = () => new CommentsReadModel(spec.readModels);

  it('keeps every field the Comment object needs, and moves status, resolution and editedAt', async () => {
    await spec.given(by('ann', T1, posted('c1', { node: 'n1', page: { id: 'p1', bodyHash: 'h1' } })));
    expect(await spec.readModels.get(COMMENTS, 'c1')).toEqual({
      id: 'c1',
      spaceId: 's1',
      changeRequestId: '',
      revision: 'r1',
      node: 'n1',
      pageId: 'p1',
      pageBodyHash: 'h1',
      markdown: 'body of c1',
      postedBy: 'ann',
      postedAt: T1,
      status: 'open',
      replies: 0,
      repliers: [],
      reactions: [],
    });
    await spec.given(by('bob', T2, { type: 'CommentResolved', data: place('c1') }));
    expect(await spec.readModels.get(COMMENTS, 'c1')).toMatchObject({ status: 'resolved', resolvedAt: T2, resolvedBy: 'bob' });
    await spec.given(
      by('ann', T3, { type: 'CommentReopened', data: place('c1') }, { type: 'CommentEdited', data: { ...place('c1'), markdown: 'new' } }),
    );
    const doc = await spec.readModels.get(COMMENTS, 'c1');
    expect(doc).toMatchObject({ status: 'open', markdown: 'new', editedAt: T3 });
    expect(doc).not.toHaveProperty('resolvedAt');
    expect(doc).not.toHaveProperty('resolvedBy');
  });

  it('keeps reactions as arrays in the order given, each user once, and drops an emoji nobody reacts with', async () => {
    const react = (emoji: string, replyId?: string): CommentEvent => ({
      type: 'CommentReactionAdded',
      data: { ...place('c1'), ...(replyId ? { replyId } : {}), emoji },
    });
    const unreact = (emoji: string): CommentEvent => ({ type: 'CommentReactionRemoved', data: { ...place('c1'), emoji } });
    await spec.given([...by('ann', T1, posted('c1')), ...by('ann', T2, react('👍'), react('__proto__')), ...by('bob', T3, react('👍'))]);
    expect((await spec.readModels.get(COMMENTS, 'c1'))!.reactions).toEqual([
      {
        emoji: '👍',
        users: [
          { userId: 'ann', reactedAt: T2 },
          { userId: 'bob', reactedAt: T3 },
        ],
      },
      { emoji: '__proto__', users: [{ userId: 'ann', reactedAt: T2 }] },
    ]);
    await spec.given([...by('ann', T3, unreact('👍'), unreact('__proto__'), unreact('🚀'))]);
    expect((await spec.readModels.get(COMMENTS, 'c1'))!.reactions).toEqual([{ emoji: '👍', users: [{ userId: 'bob', reactedAt: T3 }] }]);
  });

  it('counts replies, repliers and commenters, and deletes replies with their comment', async () => {
    const reply = (replyId: string): CommentEvent => ({ type: 'CommentReplyPosted', data: { ...place('c1'), replyId, markdown: replyId } });
    await spec.given([...by('ann', T1, posted('c1')), ...by('bob', T2, reply('r1'), reply('r2')), ...by('cid', T3, reply('r3'))]);
    expect(await spec.readModels.get(COMMENTS, 'c1')).toMatchObject({
      replies: 3,
      repliers: [
        { userId: 'bob', count: 2, updatedAt: T2 },
        { userId: 'cid', count: 1, updatedAt: T3 },
      ],
    });
    expect((await read().replies('c1', { limit: 10 })).items.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect((await read().commenters({ spaceId: 's1' }, { limit: 10 })).items.map((c) => [c.userId, c.posts])).toEqual([
      ['ann', 1],
      ['bob', 2],
      ['cid', 1],
    ]);
    await spec.given(by('cid', T3, { type: 'CommentReplyDeleted', data: { ...place('c1'), replyId: 'r3' } }));
    expect(await spec.readModels.get(COMMENTS, 'c1')).toMatchObject({ replies: 2, repliers: [{ userId: 'bob', count: 2 }] });
    expect(await spec.readModels.get(COMMENTERS, commenterId('s1', '', 'cid'))).toBeNull();
    await spec.given(by('ann', T3, { type: 'CommentDeleted', data: { ...place('c1'), status: 'open', replyIds: ['r1', 'r2'] } }));
    expect(await spec.readModels.get(COMMENTS, 'c1')).toBeNull();
    expect(await spec.readModels.get(COMMENT_REPLIES, 'r1')).toBeNull();
    expect((await read().commenters({ spaceId: 's1' }, { limit: 10 })).count).toBe(0);
  });

  it("lists a place's comments by posting time with filters, apart from change requests'", async () => {
    await spec.given([
      ...occurred(T1, posted('a', { page: { id: 'p1', bodyHash: 'h' } })),
      ...occurred(T2, posted('b'), posted('x', {}, 'cr1')),
      ...by('bob', T3, posted('c', { page: { id: 'p1', bodyHash: 'h' } })),
      ...occurred(T3, { type: 'CommentResolved', data: place('a') }),
    ]);
    const list = async (filters: object, changeRequestId?: string) =>
      (await read().comments({ spaceId: 's1', changeRequestId }, { order: 'desc', status: 'all', ...filters }, { limit: 10 })).items.map(
        (c) => c.id,
      );
    expect(await list({})).toEqual(['c', 'b', 'a']);
    expect(await list({ order: 'asc' })).toEqual(['a', 'b', 'c']);
    expect(await list({ status: 'open' })).toEqual(['c', 'b']);
    expect(await list({ targetPage: 'p1' })).toEqual(['c', 'a']);
    expect(await list({ targetPage: 'p1', status: 'resolved' })).toEqual(['a']);
    expect(await list({ authors: ['bob'] })).toEqual(['c']);
    expect(await list({}, 'cr1')).toEqual(['x']);
    expect(await read().comment({ spaceId: 's1' }, 'x')).toBeNull();
    expect(await read().comment({ spaceId: 's1', changeRequestId: 'cr1' }, 'x')).toMatchObject({ id: 'x' });
  });
});
