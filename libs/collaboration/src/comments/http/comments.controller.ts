import { Body, Param, Query, Type, UseInterceptors } from '@nestjs/common';
import {
  ApiController,
  Endpoint,
  JsonTextAnswers,
  Operation,
  envelope,
  ListEnvelope,
  PageQuery,
  pageOf,
  sentFields,
  UseCases,
} from '@docs/platform';
import { MemberResponse, OrganizationsPresenter } from '@docs/organizations';
import { CommentView, ReplyView } from '../comment-views';
import { CommentsScope } from '../comments-scope';
import { DeleteComment } from '../use-cases/delete-comment';
import { DeleteCommentReply } from '../use-cases/delete-comment-reply';
import { GetComment } from '../use-cases/get-comment';
import { GetCommentReply } from '../use-cases/get-comment-reply';
import { ListCommentReplies } from '../use-cases/list-comment-replies';
import { ListCommenters } from '../use-cases/list-commenters';
import { ListComments } from '../use-cases/list-comments';
import { PostComment } from '../use-cases/post-comment';
import { PostCommentReply } from '../use-cases/post-comment-reply';
import { UpdateComment } from '../use-cases/update-comment';
import { UpdateCommentReply } from '../use-cases/update-comment-reply';
import { CommentBodies } from './comment-bodies';
import { CommentFormat } from './comment-body.api';
import {
  CommentBodyInput,
  CommentFormatQuery,
  ListCommentRepliesQuery,
  ListCommentsQuery,
  PostCommentBody,
  PostCommentReplyBody,
  UpdateCommentBody,
  UpdateCommentReplyBody,
} from './comment.dto';
import { CommentReplyResponse, CommentResponse } from './comment.response';
import { CommentsPresenter } from './comments.presenter';
import { RawCommentDocument, SentDocument } from './raw-comment-document';
import { ChangeRequestComments, SpaceComments } from './comments-scope.pipe';

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
  /** GitBook's document declares `format` on posting a reply here (and on no other POST of comments): the reply is answered in it. */
  formatOnPostReply: boolean;
}

const noParameter = (): ParameterDecorator => () => undefined;

/**
 * The comments of one place, their replies and reactions, and who commented: one definition for
 * every place (request → use case → presenter), which differ by their scope and operationIds.
 */
function commentsController(place: CommentsPlaceRoutes): Type<unknown> {
  const Scope = place.scope;
  const PostReplyFormat = place.formatOnPostReply ? Query : noParameter;
  const id = (operation: string) => `${operation}${place.operationSuffix}`;

  @ApiController(place.path, place.tag)
  // Bodies sent as documents are read as sent; answered as documents, they are written as the work threads' JSON text.
  @UseInterceptors(RawCommentDocument, JsonTextAnswers)
  class CommentsController {
    constructor(
      private readonly useCases: UseCases,
      private readonly present: CommentsPresenter,
      private readonly organizations: OrganizationsPresenter,
      private readonly bodies: CommentBodies,
    ) {}

    /** The markdown of a body sent as markdown or as a document (`sent`: SentDocument; 400 naming what is wrong with it). */
    private async markdownOf(scope: CommentsScope, body: CommentBodyInput, sent: object | undefined): Promise<string> {
      return this.bodies.markdownOf(body, sent, (await scope.place()).space.organizationId);
    }

    private async comments(views: readonly CommentView[], format: CommentFormat | undefined): Promise<CommentResponse[]> {
      const bodies = await this.bodies.of(views, format);
      return views.map((view, i) => this.present.comment(view, bodies[i]));
    }

    private async replies(views: readonly ReplyView[], format: CommentFormat | undefined): Promise<CommentReplyResponse[]> {
      const bodies = await this.bodies.of(views, format);
      return views.map((view, i) => this.present.reply(view, bodies[i]));
    }

    @Endpoint('GET', 'comments', { answers: [CommentResponse] })
    @Operation(id('listComments'), place.summaries.list)
    async list(@Scope() scope: CommentsScope, @Query() query: ListCommentsQuery): Promise<ListEnvelope<CommentResponse>> {
      const filters = { order: query.order ?? 'desc', status: query.status ?? 'all', ...sentFields(query, ['targetPage', 'authors']) };
      const result = await this.useCases.query(new ListComments({ filters, page: pageOf(query) }, scope));
      return envelope({ ...result, items: await this.comments(result.items, query.format) }, (comment) => comment);
    }

    @Endpoint('POST', 'comments', { status: 200, answers: CommentResponse })
    @Operation(id('postComment'), place.summaries.post)
    async post(@Scope() scope: CommentsScope, @Body() body: PostCommentBody, @SentDocument() sent?: object): Promise<CommentResponse> {
      const markdown = await this.markdownOf(scope, body.body, sent);
      return this.present.comment(await this.useCases.command(new PostComment({ node: body.node, page: body.page, markdown }, scope)));
    }

    @Endpoint('GET', 'comments/:commentId', { answers: CommentResponse })
    @Operation(id('getComment'), place.summaries.get)
    async get(
      @Scope() scope: CommentsScope,
      @Param('commentId') commentId: string,
      @Query() query: CommentFormatQuery,
    ): Promise<CommentResponse> {
      const [comment] = await this.comments([await this.useCases.query(new GetComment({ commentId }, scope))], query.format);
      return comment!;
    }

    @Endpoint('PUT', 'comments/:commentId', { answers: CommentResponse })
    @Operation(id('updateComment'), 'Resolve or reopen a comment, react to it, or (its author) edit its body')
    async update(
      @Scope() scope: CommentsScope,
      @Param('commentId') commentId: string,
      @Body() body: UpdateCommentBody,
      @SentDocument() sent?: object,
    ): Promise<CommentResponse> {
      const { resolved, addedReactions, removedReactions } = body;
      const markdown = body.body && (await this.markdownOf(scope, body.body, sent));
      const command = new UpdateComment({ commentId, resolved, markdown, addedReactions, removedReactions }, scope);
      return this.present.comment(await this.useCases.command(command));
    }

    @Endpoint('DELETE', 'comments/:commentId', { status: 205, answers: null })
    @Operation(id('deleteComment'), 'Delete a comment and its replies (its author or a space admin)')
    async delete(@Scope() scope: CommentsScope, @Param('commentId') commentId: string): Promise<void> {
      await this.useCases.command(new DeleteComment({ commentId }, scope));
    }

    @Endpoint('GET', 'comments/:commentId/replies', { answers: [CommentReplyResponse] })
    @Operation(id('listCommentReplies'), 'List the replies to a comment, oldest first')
    async listReplies(
      @Scope() scope: CommentsScope,
      @Param('commentId') commentId: string,
      @Query() query: ListCommentRepliesQuery,
    ): Promise<ListEnvelope<CommentReplyResponse>> {
      const result = await this.useCases.query(new ListCommentReplies({ commentId, page: pageOf(query) }, scope));
      return envelope({ ...result, items: await this.replies(result.items, query.format) }, (reply) => reply);
    }

    @Endpoint('POST', 'comments/:commentId/replies', { status: 200, answers: CommentReplyResponse })
    @Operation(id('postCommentReply'), 'Reply to a comment')
    async postReply(
      @Scope() scope: CommentsScope,
      @Param('commentId') commentId: string,
      @Body() body: PostCommentReplyBody,
      @SentDocument() sent?: object,
      @PostReplyFormat() query?: CommentFormatQuery,
    ): Promise<CommentReplyResponse> {
      const markdown = await this.markdownOf(scope, body.body, sent);
      const [reply] = await this.replies(
        [await this.useCases.command(new PostCommentReply({ commentId, markdown }, scope))],
        query?.format,
      );
      return reply!;
    }

    @Endpoint('GET', 'comments/:commentId/replies/:commentReplyId', { answers: CommentReplyResponse })
    @Operation(id('getCommentReply'), 'Get a reply to a comment')
    async getReply(
      @Scope() scope: CommentsScope,
      @Param('commentId') commentId: string,
      @Param('commentReplyId') replyId: string,
      @Query() query: CommentFormatQuery,
    ): Promise<CommentReplyResponse> {
      const [reply] = await this.replies([await this.useCases.query(new GetCommentReply({ commentId, replyId }, scope))], query.format);
      return reply!;
    }

    @Endpoint('PUT', 'comments/:commentId/replies/:commentReplyId', { answers: CommentReplyResponse })
    @Operation(id('updateCommentReply'), 'React to a reply, or (its author) edit its body')
    async updateReply(
      @Scope() scope: CommentsScope,
      @Param('commentId') commentId: string,
      @Param('commentReplyId') replyId: string,
      @Body() body: UpdateCommentReplyBody,
      @SentDocument() sent?: object,
    ): Promise<CommentReplyResponse> {
      const { addedReactions, removedReactions } = body;
      const markdown = body.body && (await this.markdownOf(scope, body.body, sent));
      const command = new UpdateCommentReply({ commentId, replyId, markdown, addedReactions, removedReactions }, scope);
      return this.present.reply(await this.useCases.command(command));
    }

    @Endpoint('DELETE', 'comments/:commentId/replies/:commentReplyId', { status: 205, answers: null })
    @Operation(id('deleteCommentReply'), 'Delete a reply (its author or a space admin)')
    async deleteReply(
      @Scope() scope: CommentsScope,
      @Param('commentId') commentId: string,
      @Param('commentReplyId') replyId: string,
    ): Promise<void> {
      await this.useCases.command(new DeleteCommentReply({ commentId, replyId }, scope));
    }

    @Endpoint('GET', 'commenters', { answers: [MemberResponse] })
    @Operation(id('listCommenters'), place.summaries.commenters)
    async commenters(@Scope() scope: CommentsScope, @Query() query: PageQuery): Promise<ListEnvelope<MemberResponse>> {
      const result = await this.useCases.query(new ListCommenters({ page: pageOf(query) }, scope));
      return envelope(result, (member) => this.organizations.member(member));
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
