import { Body, Param, Query } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { ApiController, Endpoint, Operation, envelope, pageOf, sentFields } from '@docs/platform';
import { AddSpaceToSite } from './add-space-to-site';
import { GetSiteSpace } from './get-site-space';
import { ListSiteSpaces } from './list-site-spaces';
import { SiteScope } from '../shared/sites-scope';
import { UpdateSiteSpace } from './update-site-space';
import { AddSpaceToSiteBody, ListSiteSpacesQuery, MoveSiteSpaceBody, UpdateSiteSpaceBody } from './site-space.dto';
import { legacyPosition, SortSiteStructure } from '../structure/sort-site-structure';
import { SiteSpaceResponse } from './site-space.response';
import { Site } from '../shared/site-scope';
import { WriteSite } from '../shared/write-site';
import { SiteRoutes } from '../shared/site-routes';

/** The site spaces of a site: the spaces it shows, where, at which path, and which is the default of each level. */
@ApiController('v1/orgs/:organizationId/sites/:siteId', 'sites')
export class SiteSpacesController extends SiteRoutes {
  @Endpoint('GET', 'site-spaces', { answers: [SiteSpaceResponse] })
  @Operation('listSiteSpaces', 'List the site spaces of a site, in the order of its structure')
  async list(@Site() scope: SiteScope, @Query() query: ListSiteSpacesQuery) {
    const result = await this.useCases.query(
      new ListSiteSpaces({ ...sentFields(query, ['default', 'shareKey']), page: pageOf(query) }, scope),
    );
    return envelope(result, (view) => this.present.siteSpace(view, result.share));
  }

  @Endpoint('POST', 'site-spaces', { status: 201, answers: SiteSpaceResponse, located: true })
  @Operation(
    'addSpaceToSite',
    'Add a space to a site: at the end of a section (by default the default one), or of the root level of a site without sections',
  )
  async add(@Site() scope: SiteScope, @Body() body: AddSpaceToSiteBody) {
    const props = { spaceId: body.spaceId, ...sentFields(body, ['sectionId']) };
    return this.present.siteSpace(await this.useCases.command(new AddSpaceToSite(props, scope)));
  }

  @Endpoint('GET', 'site-spaces/:siteSpaceId', { answers: SiteSpaceResponse })
  @Operation('getSiteSpaceById', 'Get a site space: what its urls.location and the Location of addSpaceToSite name')
  @ApiExtension('x-docs-extension', { gitbook: false, why: 'GitBook answers a site space URL it does not serve; every URL here answers' })
  async get(@Site() scope: SiteScope, @Param('siteSpaceId') siteSpaceId: string) {
    return this.present.siteSpace(await this.useCases.query(new GetSiteSpace({ siteSpaceId }, scope)));
  }

  @Endpoint('PATCH', 'site-spaces/:siteSpaceId', { answers: SiteSpaceResponse })
  @Operation('updateSiteSpaceById', 'Change the path, condition or space of a site space')
  async update(@Site() scope: SiteScope, @Param('siteSpaceId') siteSpaceId: string, @Body() body: UpdateSiteSpaceBody) {
    const props = { siteSpaceId, ...sentFields(body, ['path', 'condition', 'spaceId']) };
    return this.present.siteSpace(await this.useCases.command(new UpdateSiteSpace(props, scope)));
  }

  @Endpoint('DELETE', 'site-spaces/:siteSpaceId', { status: 205, answers: null })
  @Operation('deleteSiteSpaceById', 'Remove a space from a site (a default that goes is replaced by the first of its level)')
  async delete(@Site() scope: SiteScope, @Param('siteSpaceId') siteSpaceId: string): Promise<void> {
    await this.useCases.command(new WriteSite({ command: { type: 'DeleteSiteSpace', siteSpaceId } }, scope));
  }

  @Endpoint('POST', 'site-spaces/:siteSpaceId/move', { status: 200, answers: SiteSpaceResponse, deprecated: true })
  @Operation('moveSiteSpace', 'Move a site space before or after another of its level (deprecated: use sortSiteStructure)')
  async move(@Site() scope: SiteScope, @Param('siteSpaceId') siteSpaceId: string, @Body() body: MoveSiteSpaceBody) {
    const position = legacyPosition('site-space', 'siteSpace', body?.position);
    const item = await this.useCases.command(new SortSiteStructure({ item: { type: 'site-space', id: siteSpaceId }, position }, scope));
    return this.present.item(item);
  }
}
