import { RequestScope, scopeInput, scopePipe } from '@docs/platform';
import { ContentDirectory } from '@docs/content';
import { CommentsScope } from '../comments-scope';

export const CommentsScopePipe = scopePipe([ContentDirectory], (request, content) => {
  const { id, caller } = scopeInput(request, 'spaceId');
  const changeRequest = (request.params as Record<string, string | undefined>).changeRequestId;
  return new CommentsScope(id, changeRequest, caller, content);
});

/** The scope of a space's own comments: `@SpaceComments() scope: CommentsScope` on `/v1/spaces/:spaceId/…` routes. */
export const SpaceComments = () => RequestScope(CommentsScopePipe, ['spaceId']);

/** The scope of a change request's comments, on `/v1/spaces/:spaceId/change-requests/:changeRequestId/…` routes (an id or a number). */
export const ChangeRequestComments = () => RequestScope(CommentsScopePipe, ['spaceId', 'changeRequestId']);
