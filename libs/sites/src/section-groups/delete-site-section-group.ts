import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class DeleteSiteSectionGroup extends SiteCommand<{ groupId: string }> {}

/** deleteSiteSectionGroupById: the group goes; its sections take its place at the top level. */
@CommandHandler(DeleteSiteSectionGroup)
export class DeleteSiteSectionGroupHandler implements ICommandHandler<DeleteSiteSectionGroup> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props: { groupId }, scope }: DeleteSiteSectionGroup): Promise<void> {
    await this.writer.execute(scope.siteId, { type: 'DeleteSiteSectionGroup', groupId }, scope);
  }
}
