import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { OrganizationsPresenter, UserDoc } from '@docs/organizations';
import { CommentView, ReplyView } from '../comment-views';
import { CommentsPlace } from '../comments-scope';
import { commentPermissions } from '../comments.policy';
import { ReactionDoc } from '../comments.read-model';
import { CommentBody } from './comment-body.api';
import { CommentReplyResponse, CommentResponse, EmojiReactionResponse } from './comment.response';

/** A user no longer found (never expected: users are not deleted): their id, and no name. */
const unknownUser = (id: string): Pick<UserDoc, 'id' | 'displayName' | 'email'> => ({ id, displayName: id, email: '' });

/** GitBook's Comment and CommentReply objects, with the caller's permissions. No I/O: the use cases read everything. */
@Injectable()
export class CommentsPresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly organizations: OrganizationsPresenter,
  ) {}

  /** `body`: the comment's body as the request asked for it (CommentBodies), its markdown by default. */
  comment({ comment: c, place, actor, users, page }: CommentView, body: CommentBody = { markdown: c.markdown }): CommentResponse {
    const user = this.userOf(users);
    return {
      object: 'comment' as const,
      id: c.id,
      postedBy: user(c.postedBy),
      postedAt: c.postedAt,
      ...(c.editedAt !== undefined ? { editedAt: c.editedAt } : {}),
      reactions: this.reactions(c.reactions, users),
      replies: c.replies,
      repliers: c.repliers.map((r) => ({ updatedAt: r.updatedAt, count: r.count, user: user(r.userId) })),
      body,
      target: {
        ...(c.node !== undefined ? { node: { id: c.node } } : {}),
        ...(c.changeRequestId ? { changeRequest: c.changeRequestId } : {}),
        ...(page
          ? {
              page: {
                id: page.id,
                ...(page.ref ? { title: page.ref.title, ...(page.ref.emoji ? { emoji: page.ref.emoji } : {}), path: page.ref.path } : {}),
                outdated: page.outdated,
              },
            }
          : {}),
        space: c.spaceId,
        revision: c.revision,
      },
      urls: { location: this.commentUrl(place, c.id) },
      permissions: commentPermissions(place.space.role, actor, c.postedBy),
      status: c.status,
      ...(c.status === 'resolved' && c.resolvedAt !== undefined && c.resolvedBy !== undefined
        ? { resolvedAt: c.resolvedAt, resolvedBy: user(c.resolvedBy) }
        : {}),
    };
  }

  reply({ reply: r, commentId, place, actor, users }: ReplyView, body: CommentBody = { markdown: r.markdown }): CommentReplyResponse {
    return {
      object: 'comment-reply' as const,
      id: r.id,
      postedBy: this.userOf(users)(r.postedBy),
      postedAt: r.postedAt,
      ...(r.editedAt !== undefined ? { editedAt: r.editedAt } : {}),
      reactions: this.reactions(r.reactions, users),
      body,
      urls: { location: `${this.commentUrl(place, commentId)}/replies/${r.id}` },
      permissions: commentPermissions(place.space.role, actor, r.postedBy),
    };
  }

  private userOf(users: ReadonlyMap<string, UserDoc>) {
    return (id: string) => this.organizations.user(users.get(id) ?? unknownUser(id));
  }

  private reactions(reactions: readonly ReactionDoc[], users: ReadonlyMap<string, UserDoc>): EmojiReactionResponse[] {
    const user = this.userOf(users);
    return reactions.map((r) => ({
      emoji: r.emoji,
      count: r.users.length,
      users: r.users.map((u) => ({ user: user(u.userId), reactedAt: u.reactedAt })),
    }));
  }

  private commentUrl({ space, changeRequest }: CommentsPlace, commentId: string): string {
    const base = `${this.config.publicUrl}/v1/spaces/${space.spaceId}`;
    return changeRequest ? `${base}/change-requests/${changeRequest.id}/comments/${commentId}` : `${base}/comments/${commentId}`;
  }
}
