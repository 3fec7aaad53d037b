import { auditCatalog } from '@docs/organizations';
import { CommentEvent } from './comments/comment.events';

/**
 * The collaboration context's events in the organization audit trail (composed in
 * apps/api/app.module.ts). They name their space, not its organization: the audit projection
 * places them in the organization the space is in.
 */
const comment = { type: 'comment', idField: 'commentId' } as const;

export const COLLABORATION_AUDIT_CATALOG = auditCatalog<CommentEvent>({
  CommentPosted: { label: 'Comment posted', target: comment },
  CommentEdited: { label: 'Comment edited', target: comment },
  CommentResolved: { label: 'Comment resolved', target: comment },
  CommentReopened: { label: 'Comment reopened', target: comment },
  CommentDeleted: { label: 'Comment deleted', target: comment },
  CommentReplyPosted: { label: 'Comment reply posted', target: comment },
  CommentReplyEdited: { label: 'Comment reply edited', target: comment },
  CommentReplyDeleted: { label: 'Comment reply deleted', target: comment },
  CommentReactionAdded: { label: 'Comment reaction added', target: comment },
  CommentReactionRemoved: { label: 'Comment reaction removed', target: comment },
});
