import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, sentFields } from '@docs/platform';
import { CreateSiteShareLink } from './create-site-share-link';
import { ListSiteShareLinks } from './list-site-share-links';
import { SiteScope } from '../shared/sites-scope';
import { UpdateSiteShareLink } from './update-site-share-link';
import { CreateShareLinkBody, ListShareLinksQuery, UpdateShareLinkBody } from './share-link.dto';
import { ShareLinkResponse } from './share-link.response';
import { Site } from '../shared/site-scope';
import { WriteSite } from '../shared/write-site';
import { SiteRoutes } from '../shared/site-routes';

/** The share links of a site: secret keys that reach a share-link site; site managers only. */
@ApiController('v1/orgs/:organizationId/sites/:siteId', 'sites')
export class ShareLinksController extends SiteRoutes {
  @Endpoint('GET', 'share-links', { answers: [ShareLinkResponse] })
  @Operation('listSiteShareLinks', 'List the share links of a site, oldest first, or those whose name or key holds a text (managers only)')
  async list(@Site() scope: SiteScope, @Query() query: ListShareLinksQuery) {
    const list = new ListSiteShareLinks({ search: query.search, page: pageOf(query) }, scope);
    return this.presentPage(list, (view) => this.present.shareLink(view));
  }

  @Endpoint('POST', 'share-links', { status: 201, answers: ShareLinkResponse })
  @Operation('createSiteShareLink', 'Create an active share link with a random secret key')
  async create(@Site() scope: SiteScope, @Body() body: CreateShareLinkBody) {
    return this.present.shareLink(await this.useCases.command(new CreateSiteShareLink({ name: body.name }, scope)));
  }

  @Endpoint('PATCH', 'share-links/:shareLinkId', { answers: ShareLinkResponse })
  @Operation('updateSiteShareLinkById', 'Rename a share link, or (de)activate it')
  async update(@Site() scope: SiteScope, @Param('shareLinkId') shareLinkId: string, @Body() body: UpdateShareLinkBody) {
    const props = { shareLinkId, ...sentFields(body, ['name', 'active']) };
    return this.present.shareLink(await this.useCases.command(new UpdateSiteShareLink(props, scope)));
  }

  @Endpoint('DELETE', 'share-links/:shareLinkId', { status: 205, answers: null })
  @Operation('deleteSiteShareLinkById', 'Delete a share link')
  async delete(@Site() scope: SiteScope, @Param('shareLinkId') shareLinkId: string): Promise<void> {
    await this.useCases.command(new WriteSite({ command: { type: 'DeleteSiteShareLink', shareLinkId } }, scope));
  }
}
