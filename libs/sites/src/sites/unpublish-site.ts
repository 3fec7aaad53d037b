import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteView } from '../shared/site-views';
import { SiteWriter } from './site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class UnpublishSite extends SiteCommand<Record<string, never>, SiteView> {}

/** unpublishSite: `published` false; unpublishing an unpublished site changes nothing. */
@CommandHandler(UnpublishSite)
export class UnpublishSiteHandler implements ICommandHandler<UnpublishSite> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ scope }: UnpublishSite): Promise<SiteView> {
    return { site: await this.writer.write(scope, { type: 'UnpublishSite' }), role: (await scope.member()).role };
  }
}
