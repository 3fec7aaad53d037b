import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, sentFields } from '@docs/platform';
import { AddSectionGroupToSite } from './add-section-group-to-site';
import { AddSectionToGroup } from './add-section-to-group';
import { ListSiteSectionGroups } from './list-site-section-groups';
import { SiteScope } from '../shared/sites-scope';
import { SortSiteStructure } from '../structure/sort-site-structure';
import { UpdateSiteSectionGroup } from './update-site-section-group';
import {
  AddSectionGroupBody,
  AddSectionToGroupBody,
  ListSectionsQuery,
  MoveSectionGroupBody,
  UpdateSectionGroupBody,
} from './section-group.dto';
import { SiteSectionGroupResponse } from './section-group.response';
import { Site } from '../shared/site-scope';
import { WriteSite } from '../shared/write-site';
import { SiteRoutes } from '../shared/site-routes';

/** The section groups of a site: named groups of sections at the top level of its structure. */
@ApiController('v1/orgs/:organizationId/sites/:siteId', 'sites')
export class SiteSectionGroupsController extends SiteRoutes {
  @Endpoint('GET', 'section-groups', { answers: [SiteSectionGroupResponse] })
  @Operation('listSiteSectionGroups', 'List the section groups of a site, in order')
  async list(@Site() scope: SiteScope, @Query() query: ListSectionsQuery) {
    return this.presentPage(new ListSiteSectionGroups({ page: pageOf(query) }, scope), (view) => this.present.group(view));
  }

  @Endpoint('POST', 'section-groups', { status: 201, answers: SiteSectionGroupResponse })
  @Operation('addSectionGroupToSite', 'Add a section group, holding the sections named')
  async add(@Site() scope: SiteScope, @Body() body: AddSectionGroupBody) {
    const props = { title: body.title, sectionIds: body.sections ?? [], ...sentFields(body, ['icon']) };
    return this.present.group(await this.useCases.command(new AddSectionGroupToSite(props, scope)));
  }

  @Endpoint('PATCH', 'section-groups/:siteSectionGroupId', { answers: SiteSectionGroupResponse })
  @Operation('updateSiteSectionGroupById', 'Change the title or icon of a section group')
  async update(@Site() scope: SiteScope, @Param('siteSectionGroupId') groupId: string, @Body() body: UpdateSectionGroupBody) {
    const props = { groupId, ...sentFields(body, ['title', 'icon']) };
    return this.present.group(await this.useCases.command(new UpdateSiteSectionGroup(props, scope)));
  }

  @Endpoint('DELETE', 'section-groups/:siteSectionGroupId', { status: 205, answers: null })
  @Operation('deleteSiteSectionGroupById', 'Delete a section group (its sections take its place)')
  async delete(@Site() scope: SiteScope, @Param('siteSectionGroupId') groupId: string): Promise<void> {
    await this.useCases.command(new WriteSite({ command: { type: 'DeleteSiteSectionGroup', groupId } }, scope));
  }

  @Endpoint('POST', 'section-groups/:siteSectionGroupId/sections', { status: 201, answers: SiteSectionGroupResponse })
  @Operation('addSiteSectionToGroup', 'Put a section at the end of a section group')
  async addSection(@Site() scope: SiteScope, @Param('siteSectionGroupId') groupId: string, @Body() body: AddSectionToGroupBody) {
    return this.present.group(await this.useCases.command(new AddSectionToGroup({ groupId, sectionId: body.sectionId }, scope)));
  }

  @Endpoint('DELETE', 'section-groups/:siteSectionGroupId/sections/:siteSectionId', { status: 205, answers: null })
  @Operation('removeSiteSectionFromGroup', 'Take a section out of a section group (to the top level, right after the group)')
  async removeSection(
    @Site() scope: SiteScope,
    @Param('siteSectionGroupId') groupId: string,
    @Param('siteSectionId') sectionId: string,
  ): Promise<void> {
    await this.useCases.command(new WriteSite({ command: { type: 'RemoveSectionFromGroup', groupId, sectionId } }, scope));
  }

  @Endpoint('POST', 'section-groups/:siteSectionGroupId/move', { status: 200, answers: SiteSectionGroupResponse, deprecated: true })
  @Operation(
    'moveSiteSectionGroup',
    'Move a section group before or after a top-level section or group (deprecated: use sortSiteStructure)',
  )
  async move(@Site() scope: SiteScope, @Param('siteSectionGroupId') groupId: string, @Body() body: MoveSectionGroupBody) {
    const position = body?.position ?? {};
    return this.present.item(
      await this.useCases.command(new SortSiteStructure({ item: { type: 'site-section-group', id: groupId }, position }, scope)),
    );
  }
}
