import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, envelope, pageOf } from '@docs/platform';
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
  @Endpoint('GET', 'section-groups', {
    operationId: 'listSiteSectionGroups',
    summary: 'List the section groups of a site, in order',
    answers: [SiteSectionGroupResponse],
  })
  async list(@Site() scope: SiteScope, @Query() query: ListSectionsQuery) {
    const result = await this.useCases.query(new ListSiteSectionGroups({ page: pageOf(query) }, scope));
    return envelope(result, (view) => this.present.group(view));
  }

  @Endpoint('POST', 'section-groups', {
    operationId: 'addSectionGroupToSite',
    summary: 'Add a section group, holding the sections named',
    status: 201,
    answers: SiteSectionGroupResponse,
  })
  async add(@Site() scope: SiteScope, @Body() body: AddSectionGroupBody) {
    const props = { title: body.title, sectionIds: body.sections ?? [], ...(body.icon !== undefined ? { icon: body.icon } : {}) };
    return this.present.group(await this.useCases.command(new AddSectionGroupToSite(props, scope)));
  }

  @Endpoint('PATCH', 'section-groups/:siteSectionGroupId', {
    operationId: 'updateSiteSectionGroupById',
    summary: 'Change the title or icon of a section group',
    answers: SiteSectionGroupResponse,
  })
  async update(@Site() scope: SiteScope, @Param('siteSectionGroupId') groupId: string, @Body() body: UpdateSectionGroupBody) {
    const props = {
      groupId,
      ...(body?.title !== undefined ? { title: body.title } : {}),
      ...(body?.icon !== undefined ? { icon: body.icon } : {}),
    };
    return this.present.group(await this.useCases.command(new UpdateSiteSectionGroup(props, scope)));
  }

  @Endpoint('DELETE', 'section-groups/:siteSectionGroupId', {
    operationId: 'deleteSiteSectionGroupById',
    summary: 'Delete a section group (its sections take its place)',
    status: 205,
    answers: null,
  })
  async delete(@Site() scope: SiteScope, @Param('siteSectionGroupId') groupId: string): Promise<void> {
    await this.useCases.command(new WriteSite({ command: { type: 'DeleteSiteSectionGroup', groupId } }, scope));
  }

  @Endpoint('POST', 'section-groups/:siteSectionGroupId/sections', {
    operationId: 'addSiteSectionToGroup',
    summary: 'Put a section at the end of a section group',
    status: 201,
    answers: SiteSectionGroupResponse,
  })
  async addSection(@Site() scope: SiteScope, @Param('siteSectionGroupId') groupId: string, @Body() body: AddSectionToGroupBody) {
    return this.present.group(await this.useCases.command(new AddSectionToGroup({ groupId, sectionId: body.sectionId }, scope)));
  }

  @Endpoint('DELETE', 'section-groups/:siteSectionGroupId/sections/:siteSectionId', {
    operationId: 'removeSiteSectionFromGroup',
    summary: 'Take a section out of a section group (to the top level, right after the group)',
    status: 205,
    answers: null,
  })
  async removeSection(
    @Site() scope: SiteScope,
    @Param('siteSectionGroupId') groupId: string,
    @Param('siteSectionId') sectionId: string,
  ): Promise<void> {
    await this.useCases.command(new WriteSite({ command: { type: 'RemoveSectionFromGroup', groupId, sectionId } }, scope));
  }

  @Endpoint('POST', 'section-groups/:siteSectionGroupId/move', {
    operationId: 'moveSiteSectionGroup',
    summary: 'Move a section group before or after a top-level section or group (deprecated: use sortSiteStructure)',
    status: 200,
    answers: SiteSectionGroupResponse,
    deprecated: true,
  })
  async move(@Site() scope: SiteScope, @Param('siteSectionGroupId') groupId: string, @Body() body: MoveSectionGroupBody) {
    const position = body?.position ?? {};
    return this.present.item(
      await this.useCases.command(new SortSiteStructure({ item: { type: 'site-section-group', id: groupId }, position }, scope)),
    );
  }
}
