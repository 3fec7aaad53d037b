import { Body, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, sentFields } from '@docs/platform';
import { OrganizationScope, OrgScope } from '@docs/organizations';
import { SiteScope } from '../shared/sites-scope';
import { CreateSite } from './create-site';
import { GetSite } from './get-site';
import { ListSites } from './list-sites';
import { PublishSite } from './publish-site';
import { UpdateSite } from './update-site';
import { SiteSettings } from './site.decider';
import { CreateSiteBody, ListSitesQuery, UpdateSiteBody } from './site.dto';
import { SiteResponse } from './site.response';
import { Site } from '../shared/site-scope';
import { WriteSite } from '../shared/write-site';
import { SiteRoutes } from '../shared/site-routes';

/** The sites of an organization: list, create, read, change, publish, unpublish and delete them. */
@ApiController('v1/orgs/:organizationId', 'sites')
export class SitesController extends SiteRoutes {
  @Endpoint('GET', 'sites', { answers: [SiteResponse] })
  @Operation('listSites', 'List the sites of an organization, oldest first')
  async list(@OrgScope() scope: OrganizationScope, @Query() query: ListSitesQuery) {
    const filters = sentFields(query, ['space', 'title', 'published', 'type']);
    return this.presentPage(new ListSites({ filters, page: pageOf(query) }, scope), (view) => this.present.site(view));
  }

  @Endpoint('POST', 'sites', { status: 201, answers: SiteResponse, located: true })
  @Operation('createSite', 'Create a site, with spaces at its root level')
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateSiteBody) {
    const { type = 'basic', title = 'Untitled site', visibility = 'public', spaces = [] } = body ?? {};
    return this.present.site(await this.useCases.command(new CreateSite({ type, title, visibility, spaces }, scope)));
  }

  @Endpoint('GET', 'sites/:siteId', { answers: SiteResponse })
  @Operation('getSiteById', 'Get a site')
  async get(@Site() scope: SiteScope) {
    return this.present.site(await this.useCases.query(new GetSite({}, scope)));
  }

  @Endpoint('PATCH', 'sites/:siteId', { answers: SiteResponse })
  @Operation(
    'updateSiteById',
    'Change a site: title, visibility, basename, hostname, proxy, adaptive content, agents context, default section and site space',
  )
  async update(@Site() scope: SiteScope, @Body() body: UpdateSiteBody) {
    const changes: Partial<SiteSettings> = {
      ...sentFields(body, ['title', 'visibility', 'basename', 'hostname', 'proxy']),
      ...(body.adaptiveContent !== undefined ? { adaptiveContent: body.adaptiveContent.enabled } : {}),
      ...sentFields(body, ['agentsContext']),
    };
    const defaults = sentFields(body, ['defaultSiteSpace', 'defaultSiteSection']);
    const view = await this.useCases.command(new UpdateSite({ changes, ...defaults }, scope));
    return this.present.site(view);
  }

  @Endpoint('DELETE', 'sites/:siteId', { status: 205, answers: null })
  @Operation('deleteSiteById', 'Delete a site and its structure')
  async delete(@Site() scope: SiteScope): Promise<void> {
    await this.useCases.command(new WriteSite({ command: { type: 'DeleteSite' } }, scope));
  }

  @Endpoint('POST', 'sites/:siteId/publish', { status: 200, answers: SiteResponse })
  @Operation('publishSite', 'Publish a site (published: true)')
  async publish(@Site() scope: SiteScope) {
    return this.present.site(await this.useCases.command(new PublishSite({ published: true }, scope)));
  }

  @Endpoint('POST', 'sites/:siteId/unpublish', { status: 200, answers: SiteResponse })
  @Operation('unpublishSite', 'Unpublish a site (published: false)')
  async unpublish(@Site() scope: SiteScope) {
    return this.present.site(await this.useCases.command(new PublishSite({ published: false }, scope)));
  }
}
