import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteCommand } from '../shared/sites-scope';
import { SiteRedirectWrites } from './site-redirect-writes';

/** Answers whether a redirect was deleted (205) or there was none (404). */
export class DeleteSiteRedirect extends SiteCommand<{ redirectId: string }, boolean> {}

/** deleteSiteRedirectById: site managers delete a redirect. */
@CommandHandler(DeleteSiteRedirect)
export class DeleteSiteRedirectHandler implements ICommandHandler<DeleteSiteRedirect> {
  constructor(private readonly redirects: SiteRedirectWrites) {}

  async execute({ props: { redirectId }, scope }: DeleteSiteRedirect): Promise<boolean> {
    return (await this.redirects.write(scope, { type: 'DeleteSiteRedirect', redirectId })).deleted;
  }
}
