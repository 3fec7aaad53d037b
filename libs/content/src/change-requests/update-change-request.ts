import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChangeRequestStatus } from './change-request.events';
import { ChangeRequestView, ChangeRequestViews } from './change-request-views';
import { ChangeRequestWriter } from './change-request-writer';
import { SpaceCommand } from '../spaces/space-scope';

export class UpdateChangeRequest extends SpaceCommand<
  { changeRequest: string; subject?: string; status?: Exclude<ChangeRequestStatus, 'merged'> },
  ChangeRequestView
> {}

/**
 * PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}: editors and more change the subject
 * and the status (draft ↔ open, to and from archived; nothing on a merged one: 409). Only what
 * changes is recorded.
 */
@CommandHandler(UpdateChangeRequest)
export class UpdateChangeRequestHandler implements ICommandHandler<UpdateChangeRequest> {
  constructor(
    private readonly writer: ChangeRequestWriter,
    private readonly views: ChangeRequestViews,
  ) {}

  async execute({ props: { changeRequest, subject, status }, scope }: UpdateChangeRequest): Promise<ChangeRequestView> {
    const { id } = await this.views.findIn(scope, changeRequest);
    await this.writer.execute(
      id,
      { type: 'UpdateChangeRequest', ...(subject !== undefined ? { subject } : {}), ...(status !== undefined ? { status } : {}) },
      scope,
    );
    return this.views.afterWrite(scope, id);
  }
}
