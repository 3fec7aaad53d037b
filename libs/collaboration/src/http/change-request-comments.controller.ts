import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, PageQuery } from '@docs/platform';
import { MemberResponse } from '@docs/organizations';
import { CommentsScope } from '../application/comments-scope';
import { CommentRoutes } from './comment-routes';
import { ChangeRequestComments } from './comments-scope';
import { CommentFormatQuery, ListCommentRepliesQuery, ListCommentsQuery, PostCommentBody, PostCommentReplyBody, UpdateCommentBody, UpdateCommentReplyBody } from './dto/comment.dto';
import { CommentReplyResponse, CommentResponse } from './responses/comment.response';

/** A change request's comments ({changeRequestId}: its id or number), their replies and reactions, and who commented. */
@ApiController('v1/spaces/:spaceId/change-requests/:changeRequestId', 'change-request-comments')
export class ChangeRequestCommentsController {
  constructor(private readonly routes: CommentRoutes) {}

  @Endpoint('GET', 'comments', { operationId: 'listCommentsInChangeRequest', summary: "List the comments of a change request, newest first by default", answers: [CommentResponse] })
  list(@ChangeRequestComments() scope: CommentsScope, @Query() query: ListCommentsQuery) {
    return this.routes.list(scope, query);
  }

  @Endpoint('POST', 'comments', { operationId: 'postCommentInChangeRequest', summary: "Post a comment on a change request's content, or on one of its pages", status: 200, answers: CommentResponse })
  post(@ChangeRequestComments() scope: CommentsScope, @Body() body: PostCommentBody) {
    return this.routes.post(scope, body);
  }

  @Endpoint('GET', 'comments/:commentId', { operationId: 'getCommentInChangeRequest', summary: 'Get a comment of a change request', answers: CommentResponse })
  get(@ChangeRequestComments() scope: CommentsScope, @Param('commentId') commentId: string, @Query() _query: CommentFormatQuery) {
    return this.routes.get(scope, commentId);
  }

  @Endpoint('PUT', 'comments/:commentId', { operationId: 'updateCommentInChangeRequest', summary: 'Resolve or reopen a comment, react to it, or (its author) edit its body', answers: CommentResponse })
  update(@ChangeRequestComments() scope: CommentsScope, @Param('commentId') commentId: string, @Body() body: UpdateCommentBody) {
    return this.routes.update(scope, commentId, body);
  }

  @Endpoint('DELETE', 'comments/:commentId', { operationId: 'deleteCommentInChangeRequest', summary: 'Delete a comment and its replies (its author or a space admin)', status: 205, answers: null })
  delete(@ChangeRequestComments() scope: CommentsScope, @Param('commentId') commentId: string) {
    return this.routes.delete(scope, commentId);
  }

  @Endpoint('GET', 'comments/:commentId/replies', { operationId: 'listCommentRepliesInChangeRequest', summary: 'List the replies to a comment, oldest first', answers: [CommentReplyResponse] })
  listReplies(@ChangeRequestComments() scope: CommentsScope, @Param('commentId') commentId: string, @Query() query: ListCommentRepliesQuery) {
    return this.routes.listReplies(scope, commentId, query);
  }

  @Endpoint('POST', 'comments/:commentId/replies', { operationId: 'postCommentReplyInChangeRequest', summary: 'Reply to a comment', status: 200, answers: CommentReplyResponse })
  // GitBook's document declares `format` here (and on no other POST of comments); the answer is the same.
  postReply(@ChangeRequestComments() scope: CommentsScope, @Param('commentId') commentId: string, @Body() body: PostCommentReplyBody, @Query() _query: CommentFormatQuery) {
    return this.routes.postReply(scope, commentId, body);
  }

  @Endpoint('GET', 'comments/:commentId/replies/:commentReplyId', { operationId: 'getCommentReplyInChangeRequest', summary: 'Get a reply to a comment', answers: CommentReplyResponse })
  getReply(@ChangeRequestComments() scope: CommentsScope, @Param('commentId') commentId: string, @Param('commentReplyId') replyId: string, @Query() _query: CommentFormatQuery) {
    return this.routes.getReply(scope, commentId, replyId);
  }

  @Endpoint('PUT', 'comments/:commentId/replies/:commentReplyId', { operationId: 'updateCommentReplyInChangeRequest', summary: 'React to a reply, or (its author) edit its body', answers: CommentReplyResponse })
  updateReply(@ChangeRequestComments() scope: CommentsScope, @Param('commentId') commentId: string, @Param('commentReplyId') replyId: string, @Body() body: UpdateCommentReplyBody) {
    return this.routes.updateReply(scope, commentId, replyId, body);
  }

  @Endpoint('DELETE', 'comments/:commentId/replies/:commentReplyId', { operationId: 'deleteCommentReplyInChangeRequest', summary: 'Delete a reply (its author or a space admin)', status: 205, answers: null })
  deleteReply(@ChangeRequestComments() scope: CommentsScope, @Param('commentId') commentId: string, @Param('commentReplyId') replyId: string) {
    return this.routes.deleteReply(scope, commentId, replyId);
  }

  @Endpoint('GET', 'commenters', { operationId: 'listCommentersInChangeRequest', summary: "List the members who posted in a change request's comments, by first post", answers: [MemberResponse] })
  commenters(@ChangeRequestComments() scope: CommentsScope, @Query() query: PageQuery) {
    return this.routes.commenters(scope, query);
  }
}
