import { Injectable } from '@nestjs/common';
import { found } from '@docs/platform';
import { ContentDirectory, PageRef } from '@docs/content';
import { OrganizationDirectory, UserDoc } from '@docs/organizations';
import { CommentDoc, CommentReplyDoc, CommentsReadModel, ReactionDoc } from './comments.read-model';
import { CommentsPlace, CommentsScope } from './comments-scope';

/** The page a comment is about, as shown now, and whether it changed since the comment. */
export interface CommentPage {
  id: string;
  /** The page in the current revision, else in the comment's revision; null when neither has it. */
  ref: PageRef | null;
  /** The page's markdown changed since the comment was posted, or the page is gone from the current revision. */
  outdated: boolean;
}

/** What presenting a comment or a reply needs besides its document: where, who asks, and the users it names. */
interface Presentable {
  place: CommentsPlace;
  actor: string;
  users: ReadonlyMap<string, UserDoc>;
}

export interface CommentView extends Presentable {
  comment: CommentDoc;
  page: CommentPage | null;
}

export interface ReplyView extends Presentable {
  reply: CommentReplyDoc;
  commentId: string;
}

const reactors = (reactions: readonly ReactionDoc[]) => reactions.flatMap((r) => r.users.map((u) => u.userId));

/** Reads comments and replies of the request's place (404 when not there) and gathers what presenting them needs. */
@Injectable()
export class CommentViews {
  constructor(
    private readonly comments: CommentsReadModel,
    private readonly content: ContentDirectory,
    private readonly directory: OrganizationDirectory,
  ) {}

  /** The comment of the request's place; 404 when unknown, deleted, or of another place. */
  async find(scope: CommentsScope, commentId: string): Promise<CommentDoc> {
    const place = await scope.place();
    return found(await this.comments.comment(place.ref, commentId), 'comment not found');
  }

  /** The reply of that comment; 404 when unknown or deleted. */
  async findReply(scope: CommentsScope, commentId: string, replyId: string): Promise<CommentReplyDoc> {
    await this.find(scope, commentId);
    return found(await this.comments.reply(commentId, replyId), 'comment reply not found');
  }

  async views(scope: CommentsScope, docs: readonly CommentDoc[]): Promise<CommentView[]> {
    const place = await scope.place();
    const users = await this.users(
      docs.flatMap((d) => [
        d.postedBy,
        ...(d.resolvedBy ? [d.resolvedBy] : []),
        ...reactors(d.reactions),
        ...d.repliers.map((r) => r.userId),
      ]),
    );
    const pages = await this.pages(place, docs);
    return docs.map((comment) => ({
      comment,
      place,
      actor: scope.actor,
      users,
      page: comment.pageId === undefined ? null : pages.get(comment.id)!,
    }));
  }

  async view(scope: CommentsScope, doc: CommentDoc): Promise<CommentView> {
    return (await this.views(scope, [doc]))[0]!;
  }

  async replyViews(scope: CommentsScope, commentId: string, docs: readonly CommentReplyDoc[]): Promise<ReplyView[]> {
    const place = await scope.place();
    const users = await this.users(docs.flatMap((d) => [d.postedBy, ...reactors(d.reactions)]));
    return docs.map((reply) => ({ reply, commentId, place, actor: scope.actor, users }));
  }

  async replyView(scope: CommentsScope, commentId: string, doc: CommentReplyDoc): Promise<ReplyView> {
    return (await this.replyViews(scope, commentId, [doc]))[0]!;
  }

  private async users(ids: string[]): Promise<Map<string, UserDoc>> {
    return new Map((await this.directory.usersById([...new Set(ids)])).map((u) => [u.id, u]));
  }

  /**
   * The pages the comments are about, by comment: read in the place's current revision (one read
   * for all), and for pages gone from it, in each comment's own revision.
   */
  private async pages(place: CommentsPlace, docs: readonly CommentDoc[]): Promise<Map<string, CommentPage>> {
    const onPages = docs.filter((d) => d.pageId !== undefined);
    const out = new Map<string, CommentPage>();
    if (onPages.length === 0) return out;
    const current = await this.content.pages(
      place.space.spaceId,
      place.revision,
      onPages.map((d) => d.pageId!),
    );
    const gone = new Map<string, Set<string>>();
    for (const doc of onPages) {
      if (current.has(doc.pageId!)) continue;
      const ids = gone.get(doc.revision) ?? new Set<string>();
      gone.set(doc.revision, ids.add(doc.pageId!));
    }
    const before = new Map<string, ReadonlyMap<string, PageRef>>();
    for (const [revision, ids] of gone) before.set(revision, await this.content.pages(place.space.spaceId, revision, ids));
    for (const doc of onPages) {
      const now = current.get(doc.pageId!);
      const ref = now ?? before.get(doc.revision)?.get(doc.pageId!) ?? null;
      out.set(doc.id, { id: doc.pageId!, ref, outdated: !now || now.bodyHash !== doc.pageBodyHash });
    }
    return out;
  }
}
