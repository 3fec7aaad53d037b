import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class DeleteSiteSection extends SiteCommand<{ sectionId: string }> {}

/** deleteSiteSectionById: the section goes with its site spaces; the last section gives them back to the root level. */
@CommandHandler(DeleteSiteSection)
export class DeleteSiteSectionHandler implements ICommandHandler<DeleteSiteSection> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props: { sectionId }, scope }: DeleteSiteSection): Promise<void> {
    await this.writer.execute(scope.siteId, { type: 'DeleteSiteSection', sectionId }, scope);
  }
}
