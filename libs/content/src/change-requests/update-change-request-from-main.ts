import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChangeRequestViews } from './change-request-views';
import { ChangeRequestWriter } from './change-request-writer';
import { ContentSynced } from './merge-change-request';
import { SpaceCommand } from '../spaces/space-scope';

export class UpdateChangeRequestFromMain extends SpaceCommand<{ changeRequest: string }, ContentSynced> {}

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/update: editors and more. Pulls the
 * live content into the change request with the merge's rules (base: the live revision it last
 * synced from); a conflict is 409 naming the pages. Up to date already: nothing is written, and the
 * answer names the change request's current revision.
 */
@CommandHandler(UpdateChangeRequestFromMain)
export class UpdateChangeRequestFromMainHandler implements ICommandHandler<UpdateChangeRequestFromMain> {
  constructor(
    private readonly writer: ChangeRequestWriter,
    private readonly views: ChangeRequestViews,
  ) {}

  async execute({ props: { changeRequest }, scope }: UpdateChangeRequestFromMain): Promise<ContentSynced> {
    const { space } = await scope.requirePermission('edit', 'updating a change request');
    const cr = await this.views.find(space.id, changeRequest);
    await this.writer.execute(cr.id, { type: 'UpdateChangeRequestFromMain', revisionId: scope.createdId('revision') }, scope);
    const fresh = await this.views.find(space.id, cr.id);
    return { revision: fresh.revision, result: 'update' };
  }
}
