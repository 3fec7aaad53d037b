import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ShareLinkView, writtenShareLink } from './list-site-share-links';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class UpdateSiteShareLink extends SiteCommand<{ shareLinkId: string; name?: string; active?: boolean }, ShareLinkView> {}

/** updateSiteShareLinkById: rename, or (de)activate: an inactive link's key reaches nothing. */
@CommandHandler(UpdateSiteShareLink)
export class UpdateSiteShareLinkHandler implements ICommandHandler<UpdateSiteShareLink> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props, scope }: UpdateSiteShareLink): Promise<ShareLinkView> {
    const site = await this.writer.write(scope, { type: 'UpdateSiteShareLink', ...props });
    return writtenShareLink(site, props.shareLinkId);
  }
}
