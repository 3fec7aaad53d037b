import { Body, Param, Query, Type } from '@nestjs/common';
import { ApiController, Endpoint, PageQuery } from '@docs/platform';
import { MemberResponse } from '@docs/organizations';
import { CommentsScope } from '../comments-scope';
import { CommentRoutes } from './comment-routes';
import { ChangeRequestComments, SpaceComments } from './comments-scope.pipe';
import {
  CommentFormatQuery,
  ListCommentRepliesQuery,
  ListCommentsQuery,
  PostCommentBody,
  PostCommentReplyBody,
  UpdateCommentBody,
  UpdateCommentReplyBody,
} from './comment.dto';
import { CommentReplyResponse, CommentResponse } from './comment.response';

/** Where a set of comment routes lives, and what its routes say differently: the rest is the same for every place. */
interface CommentsPlaceRoutes {
  /** The controller's name (in Nest's route log). */
  name: string;
  path: string;
  tag: string;
  /** The decorator that gives a route the place's CommentsScope. */
  scope: () => ParameterDecorator;
  /** How the place's operationIds end (GitBook's): `listComments${operationSuffix}`. */
  operationSuffix: string;
  /** The summaries that name the place. */
  summaries: { list: string; post: string; get: string; commenters: string };
  /** GitBook's document declares `format` on posting a reply here (and on no other POST of comments); the answer is the same. */
  formatOnPostReply: boolean;
}

const noParameter = (): ParameterDecorator => () => undefined;

/** The comments of one place, their replies and reactions, and who commented: one definition for every place. */
function commentsController(place: CommentsPlaceRoutes): Type<unknown> {
  const Scope = place.scope;
  const PostReplyFormat = place.formatOnPostReply ? Query : noParameter;
  const id = (operation: string) => `${operation}${place.operationSuffix}`;

  @ApiController(place.path, place.tag)
  class CommentsController {
    constructor(private readonly routes: CommentRoutes) {}

    @Endpoint('GET', 'comments', { operationId: id('listComments'), summary: place.summaries.list, answers: [CommentResponse] })
    list(@Scope() scope: CommentsScope, @Query() query: ListCommentsQuery) {
      return this.routes.list(scope, query);
    }

    @Endpoint('POST', 'comments', { operationId: id('postComment'), summary: place.summaries.post, status: 200, answers: CommentResponse })
    post(@Scope() scope: CommentsScope, @Body() body: PostCommentBody) {
      return this.routes.post(scope, body);
    }

    @Endpoint('GET', 'comments/:commentId', { operationId: id('getComment'), summary: place.summaries.get, answers: CommentResponse })
    get(@Scope() scope: CommentsScope, @Param('commentId') commentId: string, @Query() _query: CommentFormatQuery) {
      return this.routes.get(scope, commentId);
    }

    @Endpoint('PUT', 'comments/:commentId', {
      operationId: id('updateComment'),
      summary: 'Resolve or reopen a comment, react to it, or (its author) edit its body',
      answers: CommentResponse,
    })
    update(@Scope() scope: CommentsScope, @Param('commentId') commentId: string, @Body() body: UpdateCommentBody) {
      return this.routes.update(scope, commentId, body);
    }

    @Endpoint('DELETE', 'comments/:commentId', {
      operationId: id('deleteComment'),
      summary: 'Delete a comment and its replies (its author or a space admin)',
      status: 205,
      answers: null,
    })
    delete(@Scope() scope: CommentsScope, @Param('commentId') commentId: string) {
      return this.routes.delete(scope, commentId);
    }

    @Endpoint('GET', 'comments/:commentId/replies', {
      operationId: id('listCommentReplies'),
      summary: 'List the replies to a comment, oldest first',
      answers: [CommentReplyResponse],
    })
    listReplies(@Scope() scope: CommentsScope, @Param('commentId') commentId: string, @Query() query: ListCommentRepliesQuery) {
      return this.routes.listReplies(scope, commentId, query);
    }

    @Endpoint('POST', 'comments/:commentId/replies', {
      operationId: id('postCommentReply'),
      summary: 'Reply to a comment',
      status: 200,
      answers: CommentReplyResponse,
    })
    postReply(
      @Scope() scope: CommentsScope,
      @Param('commentId') commentId: string,
      @Body() body: PostCommentReplyBody,
      @PostReplyFormat() _query?: CommentFormatQuery,
    ) {
      return this.routes.postReply(scope, commentId, body);
    }

    @Endpoint('GET', 'comments/:commentId/replies/:commentReplyId', {
      operationId: id('getCommentReply'),
      summary: 'Get a reply to a comment',
      answers: CommentReplyResponse,
    })
    getReply(
      @Scope() scope: CommentsScope,
      @Param('commentId') commentId: string,
      @Param('commentReplyId') replyId: string,
      @Query() _query: CommentFormatQuery,
    ) {
      return this.routes.getReply(scope, commentId, replyId);
    }

    @Endpoint('PUT', 'comments/:commentId/replies/:commentReplyId', {
      operationId: id('updateCommentReply'),
      summary: 'React to a reply, or (its author) edit its body',
      answers: CommentReplyResponse,
    })
    updateReply(
      @Scope() scope: CommentsScope,
      @Param('commentId') commentId: string,
      @Param('commentReplyId') replyId: string,
      @Body() body: UpdateCommentReplyBody,
    ) {
      return this.routes.updateReply(scope, commentId, replyId, body);
    }

    @Endpoint('DELETE', 'comments/:commentId/replies/:commentReplyId', {
      operationId: id('deleteCommentReply'),
      summary: 'Delete a reply (its author or a space admin)',
      status: 205,
      answers: null,
    })
    deleteReply(@Scope() scope: CommentsScope, @Param('commentId') commentId: string, @Param('commentReplyId') replyId: string) {
      return this.routes.deleteReply(scope, commentId, replyId);
    }

    @Endpoint('GET', 'commenters', { operationId: id('listCommenters'), summary: place.summaries.commenters, answers: [MemberResponse] })
    commenters(@Scope() scope: CommentsScope, @Query() query: PageQuery) {
      return this.routes.commenters(scope, query);
    }
  }
  Object.defineProperty(CommentsController, 'name', { value: place.name });
  return CommentsController;
}

/** A space's own comments (not those of its change requests). */
export const SpaceCommentsController = commentsController({
  name: 'SpaceCommentsController',
  path: 'v1/spaces/:spaceId',
  tag: 'space-comments',
  scope: SpaceComments,
  operationSuffix: 'InSpace',
  summaries: {
    list: "List the space's comments (not those of change requests), newest first by default",
    post: 'Post a comment on the live content of a space, or on one of its pages',
    get: 'Get a comment of a space',
    commenters: "List the members who posted in the space's own comments, by first post",
  },
  formatOnPostReply: false,
});

/** A change request's comments ({changeRequestId}: its id or number). */
export const ChangeRequestCommentsController = commentsController({
  name: 'ChangeRequestCommentsController',
  path: 'v1/spaces/:spaceId/change-requests/:changeRequestId',
  tag: 'change-request-comments',
  scope: ChangeRequestComments,
  operationSuffix: 'InChangeRequest',
  summaries: {
    list: 'List the comments of a change request, newest first by default',
    post: "Post a comment on a change request's content, or on one of its pages",
    get: 'Get a comment of a change request',
    commenters: "List the members who posted in a change request's comments, by first post",
  },
  formatOnPostReply: true,
});
