/**
 * The collaboration context's published language, type-only: the events of comment streams that
 * other contexts' projections follow (content and sites count open comments from them). Import
 * as `import type { ... } from '@docs/collaboration/events'`; never copy these types.
 */
export type {
  CommentPlace,
  CommentStatus,
  CommentEvent,
  OpenCommentsChanged,
  CommentPosted,
  CommentEdited,
  CommentResolved,
  CommentReopened,
  CommentDeleted,
  CommentReplyPosted,
  CommentReplyEdited,
  CommentReplyDeleted,
  CommentReactionAdded,
  CommentReactionRemoved,
} from './comments/comment.events';
