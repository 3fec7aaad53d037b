import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, PageQuery } from '@docs/platform';
import { MemberResponse } from '@docs/organizations';
import { CommentsScope } from '../application/comments-scope';
import { CommentRoutes } from './comment-routes';
import { SpaceComments } from './comments-scope';
import { CommentFormatQuery, ListCommentRepliesQuery, ListCommentsQuery, PostCommentBody, PostCommentReplyBody, UpdateCommentBody, UpdateCommentReplyBody } from './dto/comment.dto';
import { CommentReplyResponse, CommentResponse } from './responses/comment.response';

/** A space's own comments (not those of its change requests), their replies and reactions, and who commented. */
@ApiController('v1/spaces/:spaceId', 'space-comments')
export class SpaceCommentsController {
  constructor(private readonly routes: CommentRoutes) {}

  @Endpoint('GET', 'comments', { operationId: 'listCommentsInSpace', summary: "List the space's comments (not those of change requests), newest first by default", answers: [CommentResponse] })
  list(@SpaceComments() scope: CommentsScope, @Query() query: ListCommentsQuery) {
    return this.routes.list(scope, query);
  }

  @Endpoint('POST', 'comments', { operationId: 'postCommentInSpace', summary: 'Post a comment on the live content of a space, or on one of its pages', status: 200, answers: CommentResponse })
  post(@SpaceComments() scope: CommentsScope, @Body() body: PostCommentBody) {
    return this.routes.post(scope, body);
  }

  @Endpoint('GET', 'comments/:commentId', { operationId: 'getCommentInSpace', summary: 'Get a comment of a space', answers: CommentResponse })
  get(@SpaceComments() scope: CommentsScope, @Param('commentId') commentId: string, @Query() _query: CommentFormatQuery) {
    return this.routes.get(scope, commentId);
  }

  @Endpoint('PUT', 'comments/:commentId', { operationId: 'updateCommentInSpace', summary: 'Resolve or reopen a comment, react to it, or (its author) edit its body', answers: CommentResponse })
  update(@SpaceComments() scope: CommentsScope, @Param('commentId') commentId: string, @Body() body: UpdateCommentBody) {
    return this.routes.update(scope, commentId, body);
  }

  @Endpoint('DELETE', 'comments/:commentId', { operationId: 'deleteCommentInSpace', summary: 'Delete a comment and its replies (its author or a space admin)', status: 205, answers: null })
  delete(@SpaceComments() scope: CommentsScope, @Param('commentId') commentId: string) {
    return this.routes.delete(scope, commentId);
  }

  @Endpoint('GET', 'comments/:commentId/replies', { operationId: 'listCommentRepliesInSpace', summary: 'List the replies to a comment, oldest first', answers: [CommentReplyResponse] })
  listReplies(@SpaceComments() scope: CommentsScope, @Param('commentId') commentId: string, @Query() query: ListCommentRepliesQuery) {
    return this.routes.listReplies(scope, commentId, query);
  }

  @Endpoint('POST', 'comments/:commentId/replies', { operationId: 'postCommentReplyInSpace', summary: 'Reply to a comment', status: 200, answers: CommentReplyResponse })
  postReply(@SpaceComments() scope: CommentsScope, @Param('commentId') commentId: string, @Body() body: PostCommentReplyBody) {
    return this.routes.postReply(scope, commentId, body);
  }

  @Endpoint('GET', 'comments/:commentId/replies/:commentReplyId', { operationId: 'getCommentReplyInSpace', summary: 'Get a reply to a comment', answers: CommentReplyResponse })
  getReply(@SpaceComments() scope: CommentsScope, @Param('commentId') commentId: string, @Param('commentReplyId') replyId: string, @Query() _query: CommentFormatQuery) {
    return this.routes.getReply(scope, commentId, replyId);
  }

  @Endpoint('PUT', 'comments/:commentId/replies/:commentReplyId', { operationId: 'updateCommentReplyInSpace', summary: 'React to a reply, or (its author) edit its body', answers: CommentReplyResponse })
  updateReply(@SpaceComments() scope: CommentsScope, @Param('commentId') commentId: string, @Param('commentReplyId') replyId: string, @Body() body: UpdateCommentReplyBody) {
    return this.routes.updateReply(scope, commentId, replyId, body);
  }

  @Endpoint('DELETE', 'comments/:commentId/replies/:commentReplyId', { operationId: 'deleteCommentReplyInSpace', summary: 'Delete a reply (its author or a space admin)', status: 205, answers: null })
  deleteReply(@SpaceComments() scope: CommentsScope, @Param('commentId') commentId: string, @Param('commentReplyId') replyId: string) {
    return this.routes.deleteReply(scope, commentId, replyId);
  }

  @Endpoint('GET', 'commenters', { operationId: 'listCommentersInSpace', summary: "List the members who posted in the space's own comments, by first post", answers: [MemberResponse] })
  commenters(@SpaceComments() scope: CommentsScope, @Query() query: PageQuery) {
    return this.routes.commenters(scope, query);
  }
}
