import { Body, Query } from '@nestjs/common';
import { ApiController, Endpoint, envelope, pageOf } from '@docs/platform';
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
  @Endpoint('GET', 'sites', {
    operationId: 'listSites',
    summary: 'List the sites of an organization, oldest first',
    answers: [SiteResponse],
  })
  async list(@OrgScope() scope: OrganizationScope, @Query() query: ListSitesQuery) {
    const filters = {
      ...(query.space !== undefined ? { space: query.space } : {}),
      ...(query.title !== undefined ? { title: query.title } : {}),
      ...(query.published !== undefined ? { published: query.published } : {}),
    };
    const result = await this.useCases.query(new ListSites({ filters, page: pageOf(query) }, scope));
    return envelope(result, (view) => this.present.site(view));
  }

  @Endpoint('POST', 'sites', {
    operationId: 'createSite',
    summary: 'Create a site, with spaces at its root level',
    status: 201,
    answers: SiteResponse,
    located: true,
  })
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateSiteBody) {
    const { type = 'basic', title = 'Untitled site', visibility = 'public', spaces = [] } = body ?? {};
    return this.present.site(await this.useCases.command(new CreateSite({ type, title, visibility, spaces }, scope)));
  }

  @Endpoint('GET', 'sites/:siteId', { operationId: 'getSiteById', summary: 'Get a site', answers: SiteResponse })
  async get(@Site() scope: SiteScope) {
    return this.present.site(await this.useCases.query(new GetSite({}, scope)));
  }

  @Endpoint('PATCH', 'sites/:siteId', {
    operationId: 'updateSiteById',
    summary:
      'Change a site: title, visibility, basename, hostname, proxy, adaptive content, agents context, default section and site space',
    answers: SiteResponse,
  })
  async update(@Site() scope: SiteScope, @Body() body: UpdateSiteBody) {
    const changes: Partial<SiteSettings> = {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.visibility !== undefined ? { visibility: body.visibility } : {}),
      ...(body.basename !== undefined ? { basename: body.basename } : {}),
      ...(body.hostname !== undefined ? { hostname: body.hostname } : {}),
      ...(body.proxy !== undefined ? { proxy: body.proxy } : {}),
      ...(body.adaptiveContent !== undefined ? { adaptiveContent: body.adaptiveContent.enabled } : {}),
      ...(body.agentsContext !== undefined ? { agentsContext: body.agentsContext } : {}),
    };
    const defaults = {
      ...(body.defaultSiteSpace !== undefined ? { defaultSiteSpace: body.defaultSiteSpace } : {}),
      ...(body.defaultSiteSection !== undefined ? { defaultSiteSection: body.defaultSiteSection } : {}),
    };
    const view = await this.useCases.command(new UpdateSite({ changes, ...defaults }, scope));
    return this.present.site(view);
  }

  @Endpoint('DELETE', 'sites/:siteId', {
    operationId: 'deleteSiteById',
    summary: 'Delete a site and its structure',
    status: 205,
    answers: null,
  })
  async delete(@Site() scope: SiteScope): Promise<void> {
    await this.useCases.command(new WriteSite({ command: { type: 'DeleteSite' } }, scope));
  }

  @Endpoint('POST', 'sites/:siteId/publish', {
    operationId: 'publishSite',
    summary: 'Publish a site (published: true)',
    status: 200,
    answers: SiteResponse,
  })
  async publish(@Site() scope: SiteScope) {
    return this.present.site(await this.useCases.command(new PublishSite({ published: true }, scope)));
  }

  @Endpoint('POST', 'sites/:siteId/unpublish', {
    operationId: 'unpublishSite',
    summary: 'Unpublish a site (published: false)',
    status: 200,
    answers: SiteResponse,
  })
  async unpublish(@Site() scope: SiteScope) {
    return this.present.site(await this.useCases.command(new PublishSite({ published: false }, scope)));
  }
}
