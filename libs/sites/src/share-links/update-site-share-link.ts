import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { found } from '@docs/platform';
import { SiteState } from '../sites/site.decider';
import { ShareLinkView } from './list-site-share-links';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class UpdateSiteShareLink extends SiteCommand<{ shareLinkId: string; name?: string; active?: boolean }, ShareLinkView> {}

/** updateSiteShareLinkById: rename, or (de)activate: an inactive link's key reaches nothing. */
@CommandHandler(UpdateSiteShareLink)
export class UpdateSiteShareLinkHandler implements ICommandHandler<UpdateSiteShareLink> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props, scope }: UpdateSiteShareLink): Promise<ShareLinkView> {
    const site = await this.writer.write(scope, { type: 'UpdateSiteShareLink', ...props });
    return {
      site,
      link: found(
        (site.state as SiteState).shareLinks.find((l) => l.id === props.shareLinkId),
        'share link not found',
      ),
    };
  }
}
