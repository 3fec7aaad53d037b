export * from './collaboration.module';
export * from './projections';
// The published language: the events other contexts' projections follow (content counts open comments from them).
export type {
  CommentPlace, CommentStatus, CommentEvent, OpenCommentsChanged,
  CommentPosted, CommentEdited, CommentResolved, CommentReopened, CommentDeleted,
  CommentReplyPosted, CommentReplyEdited, CommentReplyDeleted, CommentReactionAdded, CommentReactionRemoved,
} from './domain/comment-events';
export * from './audit-catalog';
