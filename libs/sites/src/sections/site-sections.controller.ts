import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, envelope, pageOf, sentFields } from '@docs/platform';
import { AddSectionToSite } from './add-section-to-site';
import { ListSiteSections } from './list-site-sections';
import { SiteScope } from '../shared/sites-scope';
import { legacyPosition, SortSiteStructure } from '../structure/sort-site-structure';
import { UpdateSiteSection } from './update-site-section';
import { AddSectionToSiteBody, ListSiteSectionsQuery, MoveSiteSectionBody, UpdateSiteSectionBody } from './section.dto';
import { SiteSectionResponse } from './section.response';
import { Site } from '../shared/site-scope';
import { WriteSite } from '../shared/write-site';
import { SiteRoutes } from '../shared/site-routes';

/** The sections of a site: each holds site spaces; exactly one is the default. */
@ApiController('v1/orgs/:organizationId/sites/:siteId', 'sites')
export class SiteSectionsController extends SiteRoutes {
  @Endpoint('GET', 'sections', { answers: [SiteSectionResponse] })
  @Operation('listSiteSections', 'List the sections of a site, in the order of its structure')
  async list(@Site() scope: SiteScope, @Query() query: ListSiteSectionsQuery) {
    const result = await this.useCases.query(new ListSiteSections({ page: pageOf(query), ...sentFields(query, ['shareKey']) }, scope));
    return envelope(result, (view) => this.present.section(view, result.share));
  }

  @Endpoint('POST', 'sections', { status: 201, answers: SiteSectionResponse })
  @Operation('addSectionToSite', "Add a section showing a space (the first section takes the site's root site spaces)")
  async add(@Site() scope: SiteScope, @Body() body: AddSectionToSiteBody) {
    const group = body.siteSectionGroupId === undefined ? {} : { groupId: body.siteSectionGroupId };
    const props = { spaceId: body.spaceId, ...sentFields(body, ['title', 'icon']), ...group };
    return this.present.section(await this.useCases.command(new AddSectionToSite(props, scope)));
  }

  @Endpoint('PATCH', 'sections/:siteSectionId', { answers: SiteSectionResponse })
  @Operation('updateSiteSectionById', 'Change a section: title, path, icon, description, condition, default site space')
  async update(@Site() scope: SiteScope, @Param('siteSectionId') sectionId: string, @Body() body: UpdateSiteSectionBody) {
    const props = Object.fromEntries(Object.entries(body ?? {}).filter(([, value]) => value !== undefined));
    return this.present.section(await this.useCases.command(new UpdateSiteSection({ ...props, sectionId }, scope)));
  }

  @Endpoint('DELETE', 'sections/:siteSectionId', { status: 205, answers: null })
  @Operation('deleteSiteSectionById', 'Delete a section and its site spaces (the last section gives them back to the root level)')
  async delete(@Site() scope: SiteScope, @Param('siteSectionId') sectionId: string): Promise<void> {
    await this.useCases.command(new WriteSite({ command: { type: 'DeleteSiteSection', sectionId } }, scope));
  }

  @Endpoint('POST', 'sections/:siteSectionId/move', { status: 200, answers: SiteSectionResponse, deprecated: true })
  @Operation('moveSiteSection', 'Move a section before or after another (deprecated: use sortSiteStructure)')
  async move(@Site() scope: SiteScope, @Param('siteSectionId') sectionId: string, @Body() body: MoveSiteSectionBody) {
    const position = legacyPosition('site-section', 'siteSection', body?.position);
    return this.present.item(
      await this.useCases.command(new SortSiteStructure({ item: { type: 'site-section', id: sectionId }, position }, scope)),
    );
  }
}
