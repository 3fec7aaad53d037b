import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteCommand } from '../shared/sites-scope';
import { RedirectFields } from './redirect.decider';
import { SiteRedirectDoc } from './redirects.read-model';
import { SiteRedirectWrites } from './site-redirect-writes';

export class CreateSiteRedirect extends SiteCommand<{ redirect: RedirectFields }, SiteRedirectDoc> {}

/** createSiteRedirect: site managers add a redirect from a source no redirect of its kind (live or draft) has, closing no loop. */
@CommandHandler(CreateSiteRedirect)
export class CreateSiteRedirectHandler implements ICommandHandler<CreateSiteRedirect> {
  constructor(private readonly redirects: SiteRedirectWrites) {}

  async execute({ props: { redirect }, scope }: CreateSiteRedirect): Promise<SiteRedirectDoc> {
    const redirectId = scope.createdId('siteRedirect');
    const { written } = await this.redirects.write(scope, { type: 'CreateSiteRedirect', redirectId, redirect });
    return written[0]!;
  }
}
