import { Injectable } from '@nestjs/common';
import { AggregateWriter, WriteKit } from '@docs/platform';
import { ContentDirectory } from '@docs/content';
import { commentAggregate, CommentCommand, CommentFacts, CommentState } from './comment.decider';
import { CommentEvent } from './comment.events';
import { CommentsScope } from './comments-scope';

/**
 * Writes comments (and their replies and reactions), always in the request's comments scope. Every
 * decision gets the caller, their effective role in the space and where the request is (the space,
 * the change request); posting on a page also gets the page's body hash in the target revision
 * (null when the revision has no such page).
 */
@Injectable()
export class CommentWriter extends AggregateWriter<CommentState, CommentCommand, CommentEvent, CommentFacts, CommentsScope> {
  constructor(
    kit: WriteKit,
    private readonly content: ContentDirectory,
  ) {
    super(kit, commentAggregate);
  }

  protected override async facts(_commentId: string, command: CommentCommand, scope: CommentsScope): Promise<CommentFacts> {
    const { space, changeRequest } = await scope.place();
    const facts: CommentFacts = {
      actor: scope.actor,
      role: space.role,
      spaceId: space.spaceId,
      ...(changeRequest ? { changeRequestId: changeRequest.id } : {}),
    };
    if (command.type !== 'PostComment' || command.page === undefined) return facts;
    const pages = await this.content.pages(space.spaceId, command.revision, [command.page]);
    return { ...facts, pageHash: pages.get(command.page)?.bodyHash ?? null };
  }
}
