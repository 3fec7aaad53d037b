import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteWriter } from './site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class DeleteSite extends SiteCommand<Record<string, never>> {}

/** deleteSiteById: the site and its structure go; its stream then refuses everything (404). */
@CommandHandler(DeleteSite)
export class DeleteSiteHandler implements ICommandHandler<DeleteSite> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ scope }: DeleteSite): Promise<void> {
    await this.writer.execute(scope.siteId, { type: 'DeleteSite' }, scope);
  }
}
