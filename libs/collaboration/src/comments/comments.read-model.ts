import { defineReadModel, Doc, equalTo, Filter, FindResult, Page, ReadModels, Sort, Provided } from '@docs/platform/projections';
import { CommentStatus } from './comment.events';

/** One emoji's reactions, in the order they were first given; each user once, oldest first. */
export interface ReactionDoc {
  emoji: string;
  users: { userId: string; reactedAt: string }[];
}

/** How much one user replied to a comment (GitBook's UserContributor). */
export interface ReplierDoc {
  userId: string;
  count: number;
  updatedAt: string;
}

/**
 * A comment not deleted. `changeRequestId` is `''` for a comment on the space itself, so the space's
 * own comments and a change request's are each one index range.
 */
export interface CommentDoc extends Doc {
  spaceId: string;
  changeRequestId: string;
  /** The revision it was posted on. */
  revision: string;
  node?: string;
  /** The page it is about, and the SHA-256 of the page's markdown when it was posted. */
  pageId?: string;
  pageBodyHash?: string;
  markdown: string;
  postedBy: string;
  postedAt: string;
  /** Set by an edit of the body only. */
  editedAt?: string;
  status: CommentStatus;
  resolvedAt?: string;
  resolvedBy?: string;
  /** Replies not deleted. */
  replies: number;
  repliers: ReplierDoc[];
  reactions: ReactionDoc[];
}

export interface CommentReplyDoc extends Doc {
  commentId: string;
  spaceId: string;
  changeRequestId: string;
  markdown: string;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  reactions: ReactionDoc[];
}

/**
 * Someone who posted in a place (the space itself, or one change request): `posts` counts their
 * comments and replies not deleted; at zero the document goes.
 */
export interface CommenterDoc extends Doc {
  spaceId: string;
  changeRequestId: string;
  userId: string;
  posts: number;
  firstPostedAt: string;
}

export const commenterId = (spaceId: string, changeRequestId: string, userId: string) => `${spaceId}:${changeRequestId}:${userId}`;

export const COMMENTS = defineReadModel<CommentDoc>({
  name: 'comments',
  lists: [
    // GET .../comments (?order=asc|desc): a place's comments by posting time.
    ['spaceId', 'changeRequestId', 'postedAt'],
    // ...&status=open|resolved
    ['spaceId', 'changeRequestId', 'status', 'postedAt'],
  ],
  indexes: [
    // ...&targetPage=<pageId> (and both)
    ['spaceId', 'changeRequestId', 'pageId', 'postedAt'],
    ['spaceId', 'changeRequestId', 'pageId', 'status', 'postedAt'],
  ],
  fields: ['postedBy'],
});

export const COMMENT_REPLIES = defineReadModel<CommentReplyDoc>({
  name: 'comment_replies',
  // GET .../comments/{commentId}/replies: oldest first, the order of the conversation.
  lists: [['commentId', 'postedAt']],
});

export const COMMENTERS = defineReadModel<CommenterDoc>({
  name: 'commenters',
  // GET .../commenters: by their first post in the place.
  lists: [['spaceId', 'changeRequestId', 'firstPostedAt']],
});

/** Where comments are listed: a space's own (`changeRequestId` absent) or a change request's. */
export interface CommentPlaceRef {
  spaceId: string;
  changeRequestId?: string;
}

export interface CommentFilters {
  order: 'asc' | 'desc';
  status: CommentStatus | 'all';
  targetPage?: string;
  authors?: string[];
}

const placeFilters = ({ spaceId, changeRequestId }: CommentPlaceRef): Filter[] =>
  equalTo({ spaceId, changeRequestId: changeRequestId ?? '' });

const OLDEST_POST_FIRST: Sort = { field: 'postedAt', direction: 'asc' };

/** The queries over comments, replies and commenters: each list is one index range. */
@Provided()
export class CommentsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The comment, only when it lives in `place` (a comment of another space or change request is none). */
  async comment(place: CommentPlaceRef, commentId: string): Promise<CommentDoc | null> {
    const doc = await this.readModels.get(COMMENTS, commentId);
    return doc && doc.spaceId === place.spaceId && doc.changeRequestId === (place.changeRequestId ?? '') ? doc : null;
  }

  /** A page of the place's comments: by posting time in `order`, filtered by status, page and authors. */
  comments(place: CommentPlaceRef, filters: CommentFilters, page: Page): Promise<FindResult<CommentDoc>> {
    const where = placeFilters(place);
    if (filters.targetPage !== undefined) where.push({ field: 'pageId', op: 'eq', value: filters.targetPage });
    if (filters.status !== 'all') where.push({ field: 'status', op: 'eq', value: filters.status });
    if (filters.authors !== undefined) where.push({ field: 'postedBy', op: 'in', values: filters.authors });
    return this.readModels.find(COMMENTS, { where, sort: { field: 'postedAt', direction: filters.order }, ...page });
  }

  async reply(commentId: string, replyId: string): Promise<CommentReplyDoc | null> {
    const doc = await this.readModels.get(COMMENT_REPLIES, replyId);
    return doc && doc.commentId === commentId ? doc : null;
  }

  replies(commentId: string, page: Page): Promise<FindResult<CommentReplyDoc>> {
    return this.readModels.findIn(COMMENT_REPLIES, 'commentId', commentId, OLDEST_POST_FIRST, page);
  }

  commenters(place: CommentPlaceRef, page: Page): Promise<FindResult<CommenterDoc>> {
    return this.readModels.find(COMMENTERS, { where: placeFilters(place), sort: { field: 'firstPostedAt', direction: 'asc' }, ...page });
  }
}
