import { defineProjection, ProjectionWriter } from '@docs/platform/projections';
import { CommentEvent } from './comment.events';
import { COMMENT_REPLIES, commenterId, COMMENTERS, COMMENTS, CommentDoc, ReactionDoc, ReplierDoc } from './comments.read-model';

/** `emoji` by `userId` at `at`, added or taken back; an emoji nobody reacts with any more goes. */
function react(reactions: readonly ReactionDoc[], emoji: string, userId: string, at: string, add: boolean): ReactionDoc[] {
  const index = reactions.findIndex((r) => r.emoji === emoji);
  const users = index < 0 ? [] : reactions[index]!.users;
  const has = users.some((u) => u.userId === userId);
  if (add === has) return [...reactions];
  const next = add ? [...users, { userId, reactedAt: at }] : users.filter((u) => u.userId !== userId);
  if (index < 0) return [...reactions, { emoji, users: next }];
  return next.length === 0 ? reactions.filter((_, i) => i !== index) : reactions.map((r, i) => (i === index ? { emoji, users: next } : r));
}

/** One more (or one less) reply by `userId` among a comment's repliers. */
function replied(repliers: readonly ReplierDoc[], userId: string, at: string, delta: 1 | -1): ReplierDoc[] {
  const found = repliers.find((r) => r.userId === userId);
  if (!found) return delta > 0 ? [...repliers, { userId, count: 1, updatedAt: at }] : [...repliers];
  const count = found.count + delta;
  if (count <= 0) return repliers.filter((r) => r.userId !== userId);
  return repliers.map((r) => (r.userId === userId ? { ...r, count, ...(delta > 0 ? { updatedAt: at } : {}) } : r));
}

/** A post (comment or reply) by `userId` in a place counts them as a commenter there; the last one deleted uncounts them. */
async function posted(
  w: ProjectionWriter,
  place: { spaceId: string; changeRequestId: string },
  userId: string,
  at: string,
  delta: 1 | -1,
): Promise<void> {
  const id = commenterId(place.spaceId, place.changeRequestId, userId);
  await w.update(COMMENTERS, id, (doc) => {
    const posts = (doc?.posts ?? 0) + delta;
    if (posts <= 0) return null;
    return doc
      ? { ...doc, posts }
      : { id, spaceId: place.spaceId, changeRequestId: place.changeRequestId, userId, posts, firstPostedAt: at };
  });
}

const updateComment = (w: ProjectionWriter, commentId: string, change: (doc: CommentDoc) => Partial<CommentDoc>) =>
  w.update(COMMENTS, commentId, (doc) => doc && { ...doc, ...change(doc) });

/**
 * Comments with their counters (replies, repliers, reactions), their replies, and who posted where
 * (commenters). Deleting a comment deletes its replies and uncounts their authors.
 */
export const commentsProjection = defineProjection<CommentEvent>({
  name: 'comments',
  version: 1,
  collections: [COMMENTS, COMMENT_REPLIES, COMMENTERS],
  on: {
    async CommentPosted({ data, metadata: { actor, occurredAt } }, w) {
      const doc: CommentDoc = {
        id: data.commentId,
        spaceId: data.spaceId,
        changeRequestId: data.changeRequestId ?? '',
        revision: data.revision,
        ...(data.node !== undefined ? { node: data.node } : {}),
        ...(data.page ? { pageId: data.page.id, pageBodyHash: data.page.bodyHash } : {}),
        markdown: data.markdown,
        postedBy: actor,
        postedAt: occurredAt,
        status: 'open',
        replies: 0,
        repliers: [],
        reactions: [],
      };
      w.put(COMMENTS, doc);
      await posted(w, doc, actor, occurredAt, 1);
    },
    CommentEdited: ({ data: { commentId, markdown }, metadata: { occurredAt } }, w) =>
      updateComment(w, commentId, () => ({ markdown, editedAt: occurredAt })).then(() => undefined),
    CommentResolved: ({ data: { commentId }, metadata: { occurredAt, actor } }, w) =>
      updateComment(w, commentId, () => ({ status: 'resolved', resolvedAt: occurredAt, resolvedBy: actor })).then(() => undefined),
    async CommentReopened({ data: { commentId } }, w) {
      await w.update(COMMENTS, commentId, (doc) => {
        if (!doc) return null;
        const { resolvedAt: _at, resolvedBy: _by, ...rest } = doc;
        return { ...rest, status: 'open' as const };
      });
    },
    async CommentDeleted({ data: { commentId, replyIds } }, w) {
      const comment = await w.get(COMMENTS, commentId);
      if (!comment) return;
      for (const replyId of replyIds) {
        const reply = await w.get(COMMENT_REPLIES, replyId);
        if (!reply) continue;
        w.delete(COMMENT_REPLIES, replyId);
        await posted(w, comment, reply.postedBy, reply.postedAt, -1);
      }
      w.delete(COMMENTS, commentId);
      await posted(w, comment, comment.postedBy, comment.postedAt, -1);
    },
    async CommentReplyPosted({ data, metadata: { actor, occurredAt } }, w) {
      const comment = await updateComment(w, data.commentId, (doc) => ({
        replies: doc.replies + 1,
        repliers: replied(doc.repliers, actor, occurredAt, 1),
      }));
      if (!comment) return;
      w.put(COMMENT_REPLIES, {
        id: data.replyId,
        commentId: data.commentId,
        spaceId: data.spaceId,
        changeRequestId: data.changeRequestId ?? '',
        markdown: data.markdown,
        postedBy: actor,
        postedAt: occurredAt,
        reactions: [],
      });
      await posted(w, comment, actor, occurredAt, 1);
    },
    async CommentReplyEdited({ data: { replyId, markdown }, metadata: { occurredAt } }, w) {
      await w.update(COMMENT_REPLIES, replyId, (doc) => doc && { ...doc, markdown, editedAt: occurredAt });
    },
    async CommentReplyDeleted({ data: { commentId, replyId } }, w) {
      const reply = await w.get(COMMENT_REPLIES, replyId);
      if (!reply) return;
      w.delete(COMMENT_REPLIES, replyId);
      const comment = await updateComment(w, commentId, (doc) => ({
        replies: Math.max(0, doc.replies - 1),
        repliers: replied(doc.repliers, reply.postedBy, reply.postedAt, -1),
      }));
      if (comment) await posted(w, comment, reply.postedBy, reply.postedAt, -1);
    },
    CommentReactionAdded: ({ data, metadata }, w) => reaction(w, data, metadata.actor, metadata.occurredAt, true),
    CommentReactionRemoved: ({ data, metadata }, w) => reaction(w, data, metadata.actor, metadata.occurredAt, false),
  },
});

async function reaction(
  w: ProjectionWriter,
  data: { commentId: string; replyId?: string; emoji: string },
  actor: string,
  at: string,
  add: boolean,
): Promise<void> {
  if (data.replyId === undefined) {
    await updateComment(w, data.commentId, (doc) => ({ reactions: react(doc.reactions, data.emoji, actor, at, add) }));
    return;
  }
  await w.update(COMMENT_REPLIES, data.replyId, (doc) => doc && { ...doc, reactions: react(doc.reactions, data.emoji, actor, at, add) });
}
