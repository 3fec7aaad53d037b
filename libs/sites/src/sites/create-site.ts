import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { found } from '@docs/platform';
import { OrganizationCommand } from '@docs/organizations';
import { SiteType, SiteVisibility } from './site.decider';
import { SitesReadModel } from './sites.read-model';
import { SiteView } from '../shared/site-views';
import { SiteWriter } from './site-writer';

export class CreateSite extends OrganizationCommand<
  { type: SiteType; title: string; visibility: SiteVisibility; spaces: string[] },
  SiteView
> {}

/**
 * createSite: an organization admin or creator creates a site, with the given spaces at its root level (each visible to them, in the
 * organization).
 */
@CommandHandler(CreateSite)
export class CreateSiteHandler implements ICommandHandler<CreateSite> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly sites: SitesReadModel,
  ) {}

  async execute({ props: { type, title, visibility, spaces }, scope }: CreateSite): Promise<SiteView> {
    const siteId = scope.createdId('site');
    const siteSpaces = spaces.map((spaceId, i) => ({ siteSpaceId: scope.createdId(`site-space-${i}`), spaceId }));
    await this.writer.execute(siteId, { type: 'CreateSite', siteId, siteType: type, title, visibility, spaces: siteSpaces }, scope);
    const site = found(await this.sites.site(scope.organizationId, siteId), 'site not found');
    return { site, role: (await scope.member()).role };
  }
}
