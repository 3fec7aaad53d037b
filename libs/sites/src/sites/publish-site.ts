import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteView } from '../shared/site-views';
import { SiteWriter } from './site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class PublishSite extends SiteCommand<Record<string, never>, SiteView> {}

/** publishSite: the site becomes reachable by its audience (`published` true); publishing a published site changes nothing. */
@CommandHandler(PublishSite)
export class PublishSiteHandler implements ICommandHandler<PublishSite> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ scope }: PublishSite): Promise<SiteView> {
    return { site: await this.writer.write(scope, { type: 'PublishSite' }), role: (await scope.member()).role };
  }
}
