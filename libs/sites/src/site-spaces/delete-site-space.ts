import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class DeleteSiteSpace extends SiteCommand<{ siteSpaceId: string }> {}

/** deleteSiteSpaceById: the space leaves the site; a default that goes makes the first site space of its level the default. */
@CommandHandler(DeleteSiteSpace)
export class DeleteSiteSpaceHandler implements ICommandHandler<DeleteSiteSpace> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props: { siteSpaceId }, scope }: DeleteSiteSpace): Promise<void> {
    await this.writer.execute(scope.siteId, { type: 'DeleteSiteSpace', siteSpaceId }, scope);
  }
}
