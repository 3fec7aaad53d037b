/**
 * Collaboration context: comments on spaces and change requests, their replies and reactions, and
 * who commented. It reads content only through its exported query interface (ContentDirectory:
 * spaces as a user sees them, change requests, pages of revisions) and organizations through
 * OrganizationDirectory; content's projections count open comments from this context's events.
 * Comments are its one resource, so their module is the context's (a second resource would make
 * this a module importing both).
 */
export { CommentsModule as CollaborationModule } from './comments/comments.module';
