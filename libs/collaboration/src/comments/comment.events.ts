import { DomainEvent } from '@docs/kernel';

/**
 * The collaboration context's published language: the events of comment streams
 * (`comment-<commentId>`), exported as types through the context's type-only entry point
 * (`@docs/collaboration/events`, src/events.ts) so other contexts' projections can follow them
 * (the content context counts open comments on spaces and change requests from them). Their
 * meaning never changes once written; a new shape is a new `schemaVersion` with an upcaster. Who
 * did it is the event's `metadata.actor`, when its `metadata.occurredAt`.
 */

/** Where a comment lives: a space's own discussion (no `changeRequestId`) or a change request of it. */
export type CommentPlace = {
  commentId: string;
  spaceId: string;
  /** Absent for a comment posted on the space itself. */
  changeRequestId?: string;
};

export type CommentStatus = 'open' | 'resolved';

/**
 * A comment was posted at `revision` (the space's live revision, or the change request's), on a
 * page when `page` is set (with the SHA-256 of the page's markdown then, to tell later whether the
 * page changed), on a node of it when `node` is set. Always open.
 */
export type CommentPosted = DomainEvent<
  'CommentPosted',
  CommentPlace & { revision: string; node?: string; page?: { id: string; bodyHash: string }; markdown: string }
>;
/** The author changed the comment's body. */
export type CommentEdited = DomainEvent<'CommentEdited', CommentPlace & { markdown: string }>;
/** An open comment was resolved. */
export type CommentResolved = DomainEvent<'CommentResolved', CommentPlace>;
/** A resolved comment was opened again. */
export type CommentReopened = DomainEvent<'CommentReopened', CommentPlace>;
/** The comment was deleted with its replies (`replyIds`, those not deleted before); `status` is the one it had. */
export type CommentDeleted = DomainEvent<'CommentDeleted', CommentPlace & { status: CommentStatus; replyIds: string[] }>;
export type CommentReplyPosted = DomainEvent<'CommentReplyPosted', CommentPlace & { replyId: string; markdown: string }>;
export type CommentReplyEdited = DomainEvent<'CommentReplyEdited', CommentPlace & { replyId: string; markdown: string }>;
export type CommentReplyDeleted = DomainEvent<'CommentReplyDeleted', CommentPlace & { replyId: string }>;
/** The actor reacted with `emoji` to the comment, or to its reply `replyId`. */
export type CommentReactionAdded = DomainEvent<'CommentReactionAdded', CommentPlace & { replyId?: string; emoji: string }>;
/** The actor took back their `emoji` reaction to the comment, or to its reply `replyId`. */
export type CommentReactionRemoved = DomainEvent<'CommentReactionRemoved', CommentPlace & { replyId?: string; emoji: string }>;

export type CommentEvent =
  | CommentPosted
  | CommentEdited
  | CommentResolved
  | CommentReopened
  | CommentDeleted
  | CommentReplyPosted
  | CommentReplyEdited
  | CommentReplyDeleted
  | CommentReactionAdded
  | CommentReactionRemoved;

/** The events that move the count of open comments (on the space, or on the change request). */
export type OpenCommentsChanged = CommentPosted | CommentResolved | CommentReopened | CommentDeleted;
