import { Module } from '@nestjs/common';
import { ContentModule } from '@docs/content';
import { OrganizationsModule } from '@docs/organizations';
import { CommentViews } from './application/comment-views';
import { CommentWriter } from './application/comment-writer';
import { DeleteCommentHandler } from './application/delete-comment';
import { DeleteCommentReplyHandler } from './application/delete-comment-reply';
import { GetCommentHandler } from './application/get-comment';
import { GetCommentReplyHandler } from './application/get-comment-reply';
import { ListCommentRepliesHandler } from './application/list-comment-replies';
import { ListCommentersHandler } from './application/list-commenters';
import { ListCommentsHandler } from './application/list-comments';
import { PostCommentHandler } from './application/post-comment';
import { PostCommentReplyHandler } from './application/post-comment-reply';
import { UpdateCommentHandler } from './application/update-comment';
import { UpdateCommentReplyHandler } from './application/update-comment-reply';
import { CommentRoutes } from './http/comment-routes';
import { ChangeRequestCommentsController, SpaceCommentsController } from './http/comments.controller';
import { CommentsPresenter } from './http/comments.presenter';
import { CommentsScopePipe } from './http/comments-scope';
import { CommentsReadModel } from './projections/comments.read-model';

/**
 * Collaboration context: comments on spaces and change requests, their replies and reactions, and
 * who commented. It reads content only through its exported query interface (ContentDirectory:
 * spaces as a user sees them, change requests, pages of revisions) and organizations through
 * OrganizationDirectory; content's projections count open comments from this context's events.
 */
@Module({
  imports: [OrganizationsModule, ContentModule],
  controllers: [SpaceCommentsController, ChangeRequestCommentsController],
  providers: [
    CommentsScopePipe, CommentWriter, CommentsReadModel, CommentViews, CommentsPresenter, CommentRoutes,
    PostCommentHandler, ListCommentsHandler, GetCommentHandler, UpdateCommentHandler, DeleteCommentHandler,
    PostCommentReplyHandler, ListCommentRepliesHandler, GetCommentReplyHandler, UpdateCommentReplyHandler, DeleteCommentReplyHandler,
    ListCommentersHandler,
  ],
})
export class CollaborationModule {}
