import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class DeleteSiteShareLink extends SiteCommand<{ shareLinkId: string }> {}

/** deleteSiteShareLinkById: the link and its key go. */
@CommandHandler(DeleteSiteShareLink)
export class DeleteSiteShareLinkHandler implements ICommandHandler<DeleteSiteShareLink> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props: { shareLinkId }, scope }: DeleteSiteShareLink): Promise<void> {
    await this.writer.execute(scope.siteId, { type: 'DeleteSiteShareLink', shareLinkId }, scope);
  }
}
