import { Caller, CallerScope, found, ScopedCommand, ScopedQuery } from '@docs/platform';
import { ChangeRequestRef, ContentDirectory, SpaceAccessView } from '@docs/content';
import { CommentPlaceRef } from './comments.read-model';

/** Where a request's comments are: the space as the caller sees it, and the change request of change request routes. */
export interface CommentsPlace {
  space: SpaceAccessView;
  changeRequest: ChangeRequestRef | null;
  /** The revision comments are posted on now: the change request's, or the space's live revision. */
  revision: string;
  /** The read model's key of the place. */
  ref: CommentPlaceRef;
}

/**
 * The comments a request is about (`/v1/spaces/{spaceId}/comments…`, or
 * `…/change-requests/{changeRequestId}/comments…`) and its caller. It is the command context of the
 * request's writes, and looks up on first use, then keeps for the request, the space as the caller
 * sees it (their effective role, through the content context's ContentDirectory) and the change
 * request. A space the caller cannot see is 404 (never revealed), as is an unknown change request.
 */
export class CommentsScope extends CallerScope {
  private resolved?: Promise<CommentsPlace>;

  constructor(
    readonly spaceId: string,
    /** The route's `{changeRequestId}` (an id or a number), absent on the space's own routes. */
    readonly changeRequestParam: string | undefined,
    caller: Caller,
    private readonly content: ContentDirectory,
  ) {
    super(caller, spaceId);
  }

  place(): Promise<CommentsPlace> {
    return (this.resolved ??= (async () => {
      const space = found(await this.content.spaceFor(this.spaceId, this.actor), 'space not found');
      if (this.changeRequestParam === undefined)
        return { space, changeRequest: null, revision: space.revision, ref: { spaceId: space.spaceId } };
      const changeRequest = found(await this.content.changeRequest(space.spaceId, this.changeRequestParam), 'change request not found');
      return { space, changeRequest, revision: changeRequest.revision, ref: { spaceId: space.spaceId, changeRequestId: changeRequest.id } };
    })());
  }
}

/** A command about a place's comments: its named props, and the request's scope as its context. */
export abstract class CommentsCommand<P, R = void> extends ScopedCommand<P, CommentsScope, R> {}

/** A query about a place's comments. */
export abstract class CommentsQuery<P, R> extends ScopedQuery<P, CommentsScope, R> {}
