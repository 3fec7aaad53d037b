import { Module } from '@nestjs/common';
import { ContentModule } from '@docs/content';
import { OrganizationsModule } from '@docs/organizations';
import { CommentViews } from './comment-views';
import { CommentWriter } from './comment-writer';
import { DeleteCommentHandler } from './use-cases/delete-comment';
import { DeleteCommentReplyHandler } from './use-cases/delete-comment-reply';
import { GetCommentHandler } from './use-cases/get-comment';
import { GetCommentReplyHandler } from './use-cases/get-comment-reply';
import { ListCommentRepliesHandler } from './use-cases/list-comment-replies';
import { ListCommentersHandler } from './use-cases/list-commenters';
import { ListCommentsHandler } from './use-cases/list-comments';
import { PostCommentHandler } from './use-cases/post-comment';
import { PostCommentReplyHandler } from './use-cases/post-comment-reply';
import { UpdateCommentHandler } from './use-cases/update-comment';
import { UpdateCommentReplyHandler } from './use-cases/update-comment-reply';
import { ChangeRequestCommentsController, SpaceCommentsController } from './http/comments.controller';
import { CommentBodies } from './http/comment-bodies';
import { CommentsPresenter } from './http/comments.presenter';
import { CommentsScopePipe } from './http/comments-scope.pipe';
import { CommentsReadModel } from './comments.read-model';

/**
 * Comments on a space and on its change requests, their replies and reactions, and who commented:
 * the routes, the use cases, the writer and the read model.
 */
@Module({
  imports: [OrganizationsModule, ContentModule],
  controllers: [SpaceCommentsController, ChangeRequestCommentsController],
  providers: [
    CommentsScopePipe,
    CommentWriter,
    CommentsReadModel,
    CommentViews,
    CommentsPresenter,
    CommentBodies,
    PostCommentHandler,
    ListCommentsHandler,
    GetCommentHandler,
    UpdateCommentHandler,
    DeleteCommentHandler,
    PostCommentReplyHandler,
    ListCommentRepliesHandler,
    GetCommentReplyHandler,
    UpdateCommentReplyHandler,
    DeleteCommentReplyHandler,
    ListCommentersHandler,
  ],
})
export class CommentsModule {}
