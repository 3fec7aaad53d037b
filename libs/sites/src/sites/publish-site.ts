import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteView } from '../shared/site-views';
import { SiteWriter } from './site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class PublishSite extends SiteCommand<{ published: boolean }, SiteView> {}

/**
 * publishSite (`published` true): the site becomes reachable by its audience; unpublishSite (false):
 * it no longer is. Either changes nothing when the site already is so.
 */
@CommandHandler(PublishSite)
export class PublishSiteHandler implements ICommandHandler<PublishSite> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props: { published }, scope }: PublishSite): Promise<SiteView> {
    return {
      site: await this.writer.write(scope, { type: published ? 'PublishSite' : 'UnpublishSite' }),
      role: (await scope.member()).role,
    };
  }
}
