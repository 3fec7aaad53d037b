import { Injectable } from '@nestjs/common';
import { envelope, ListEnvelope, pageOf, PageQuery, UseCases } from '@docs/platform';
import { MemberResponse, OrganizationsPresenter } from '@docs/organizations';
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
import { CommentReplyResponse, CommentResponse } from './comment.response';
import { CommentsPresenter } from './comments.presenter';
import {
  ListCommentRepliesQuery,
  ListCommentsQuery,
  PostCommentBody,
  PostCommentReplyBody,
  UpdateCommentBody,
  UpdateCommentReplyBody,
} from './comment.dto';

/**
 * What the space's comment routes and the change request's comment routes do alike (they differ
 * by their scope's place and their operationIds): request → use case → presenter.
 */
@Injectable()
export class CommentRoutes {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: CommentsPresenter,
    private readonly organizations: OrganizationsPresenter,
  ) {}

  async list(scope: CommentsScope, query: ListCommentsQuery): Promise<ListEnvelope<CommentResponse>> {
    const filters = {
      order: query.order ?? 'desc',
      status: query.status ?? 'all',
      ...(query.targetPage !== undefined ? { targetPage: query.targetPage } : {}),
      ...(query.authors !== undefined ? { authors: query.authors } : {}),
    };
    const result = await this.useCases.query(new ListComments({ filters, page: pageOf(query) }, scope));
    return envelope(result, (view) => this.present.comment(view));
  }

  async post(scope: CommentsScope, body: PostCommentBody): Promise<CommentResponse> {
    const view = await this.useCases.command(new PostComment({ node: body.node, page: body.page, markdown: body.body.markdown }, scope));
    return this.present.comment(view);
  }

  async get(scope: CommentsScope, commentId: string): Promise<CommentResponse> {
    return this.present.comment(await this.useCases.query(new GetComment({ commentId }, scope)));
  }

  async update(scope: CommentsScope, commentId: string, body: UpdateCommentBody): Promise<CommentResponse> {
    const view = await this.useCases.command(
      new UpdateComment(
        {
          commentId,
          resolved: body.resolved,
          markdown: body.body?.markdown,
          addedReactions: body.addedReactions,
          removedReactions: body.removedReactions,
        },
        scope,
      ),
    );
    return this.present.comment(view);
  }

  async delete(scope: CommentsScope, commentId: string): Promise<void> {
    await this.useCases.command(new DeleteComment({ commentId }, scope));
  }

  async listReplies(scope: CommentsScope, commentId: string, query: ListCommentRepliesQuery): Promise<ListEnvelope<CommentReplyResponse>> {
    const result = await this.useCases.query(new ListCommentReplies({ commentId, page: pageOf(query) }, scope));
    return envelope(result, (view) => this.present.reply(view));
  }

  async postReply(scope: CommentsScope, commentId: string, body: PostCommentReplyBody): Promise<CommentReplyResponse> {
    return this.present.reply(await this.useCases.command(new PostCommentReply({ commentId, markdown: body.body.markdown }, scope)));
  }

  async getReply(scope: CommentsScope, commentId: string, replyId: string): Promise<CommentReplyResponse> {
    return this.present.reply(await this.useCases.query(new GetCommentReply({ commentId, replyId }, scope)));
  }

  async updateReply(scope: CommentsScope, commentId: string, replyId: string, body: UpdateCommentReplyBody): Promise<CommentReplyResponse> {
    const view = await this.useCases.command(
      new UpdateCommentReply(
        { commentId, replyId, markdown: body.body?.markdown, addedReactions: body.addedReactions, removedReactions: body.removedReactions },
        scope,
      ),
    );
    return this.present.reply(view);
  }

  async deleteReply(scope: CommentsScope, commentId: string, replyId: string): Promise<void> {
    await this.useCases.command(new DeleteCommentReply({ commentId, replyId }, scope));
  }

  async commenters(scope: CommentsScope, query: PageQuery): Promise<ListEnvelope<MemberResponse>> {
    const result = await this.useCases.query(new ListCommenters({ page: pageOf(query) }, scope));
    return envelope(result, (member) => this.organizations.member(member));
  }
}
