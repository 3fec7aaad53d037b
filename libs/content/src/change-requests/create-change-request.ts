import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChangeRequestView, ChangeRequestViews } from './change-request-views';
import { ChangeRequestWriter } from './change-request-writer';
import { SpaceCommand, SpaceScope } from '../spaces/space-scope';
import { SpaceWriter } from '../spaces/space-writer';

export class CreateChangeRequest extends SpaceCommand<{ subject: string }, ChangeRequestView> {}

/**
 * A new change request's id: `createdId`'s 20 alphanumerics, whose first character becomes a letter
 * in the (1 in ~10^16) case where all are digits, so `{changeRequestId}` can also be a number. The
 * change keeps ids derived from an Idempotency-Key stable.
 */
export function changeRequestIdIn(scope: SpaceScope): string {
  const id = scope.createdId('changeRequest');
  return /^\d+$/.test(id) ? `c${id.slice(1)}` : id;
}

/**
 * POST /v1/spaces/{spaceId}/change-requests: editors and more. The number is allocated on the
 * space's stream first (unique per space; a crash in between leaves a gap, never a duplicate),
 * then the change request starts open, from the live revision.
 */
@CommandHandler(CreateChangeRequest)
export class CreateChangeRequestHandler implements ICommandHandler<CreateChangeRequest> {
  constructor(
    private readonly spaces: SpaceWriter,
    private readonly writer: ChangeRequestWriter,
    private readonly views: ChangeRequestViews,
  ) {}

  async execute({ props: { subject }, scope }: CreateChangeRequest): Promise<ChangeRequestView> {
    const { space } = await scope.requirePermission('edit', 'creating change requests');
    const changeRequestId = changeRequestIdIn(scope);
    const { state } = await this.spaces.execute(space.id, { type: 'AllocateChangeRequestNumber', changeRequestId }, scope);
    await this.writer.execute(
      changeRequestId,
      {
        type: 'CreateChangeRequest',
        changeRequestId,
        spaceId: space.id,
        organizationId: space.organizationId,
        number: state.changeRequests,
        subject,
        revisionInitial: state.revision,
      },
      scope,
    );
    return this.views.afterWrite(scope, changeRequestId);
  }
}
