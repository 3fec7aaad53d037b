import { auditCatalog } from '@docs/kernel';
import { CommentEvent } from './comments/comment.events';

/**
 * The collaboration context's events in the organization audit trail (composed in
 * apps/api/projections.ts). They name their space, not its organization: the audit projection
 * places them in the organization the space is in.
 */
export const COLLABORATION_AUDIT_CATALOG = auditCatalog<CommentEvent>((on) =>
  on({ type: 'comment', idField: 'commentId' }, [
    'CommentPosted',
    'CommentEdited',
    'CommentResolved',
    'CommentReopened',
    'CommentDeleted',
    'CommentReplyPosted',
    'CommentReplyEdited',
    'CommentReplyDeleted',
    'CommentReactionAdded',
    'CommentReactionRemoved',
  ]),
);
