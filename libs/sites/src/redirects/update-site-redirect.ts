import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { found } from '@docs/platform';
import { SiteCommand } from '../shared/sites-scope';
import { RedirectFields } from './redirect.decider';
import { SiteRedirectDoc } from './redirects.read-model';
import { SiteRedirectWrites } from './site-redirect-writes';

export class UpdateSiteRedirect extends SiteCommand<{ redirectId: string; changes: Partial<RedirectFields> }, SiteRedirectDoc> {}

/** updateSiteRedirectById: site managers change a redirect (draft false promotes a draft to live); the same checks as creating. */
@CommandHandler(UpdateSiteRedirect)
export class UpdateSiteRedirectHandler implements ICommandHandler<UpdateSiteRedirect> {
  constructor(private readonly redirects: SiteRedirectWrites) {}

  async execute({ props: { redirectId, changes }, scope }: UpdateSiteRedirect): Promise<SiteRedirectDoc> {
    await this.redirects.write(scope, { type: 'UpdateSiteRedirect', redirectId, changes });
    return found(await this.redirects.read.redirect(scope.siteId, redirectId), 'site redirect not found');
  }
}
