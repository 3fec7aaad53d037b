import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, PageQuery, UseCaseRoutes } from '@docs/platform';
import { OrganizationScope, OrgScope } from '@docs/organizations';
import { CreateSpace } from '../create-space';
import { ListSpacesForMember } from '../reads/list-member-spaces';
import { ListSpaces } from '../reads/list-spaces';
import { CreateSpaceBody, ListMemberSpacesQuery } from './space.dto';
import { MemberSpaceResponse, SpaceResponse } from './space.response';
import { SpacesPresenter } from './spaces.presenter';

/** The spaces of an organization: create and list them, and a member's spaces with their role. */
@ApiController('v1/orgs/:organizationId', 'spaces')
export class OrgSpacesController extends UseCaseRoutes(SpacesPresenter) {
  @Endpoint('POST', 'spaces', { status: 201, answers: SpaceResponse, located: true })
  @Operation('createSpace', 'Create a space')
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateSpaceBody) {
    // The body is optional (GitBook): none creates an untitled space at the top level.
    const { title = 'Untitled', emoji = '', parent = null, editMode = 'live', empty = false } = body ?? {};
    const { space, role } = await this.useCases.command(new CreateSpace({ title, emoji, parent, editMode, empty }, scope));
    return this.present.space(space, role);
  }

  @Endpoint('GET', 'spaces', { answers: [SpaceResponse] })
  @Operation('listSpacesInOrganizationById', 'List the spaces of an organization the caller can see')
  async list(@OrgScope() scope: OrganizationScope, @Query() query: PageQuery) {
    return this.presentPage(new ListSpaces({ page: pageOf(query) }, scope), ({ space, role }) => this.present.space(space, role));
  }

  @Endpoint('GET', 'members/:userId/spaces', { answers: [MemberSpaceResponse] })
  @Operation('listSpacesForOrganizationMember', "List the spaces an organization member can see, with the member's role in each")
  async memberSpaces(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string, @Query() query: ListMemberSpacesQuery) {
    const list = new ListSpacesForMember({ userId, order: query.order ?? 'desc', page: pageOf(query) }, scope);
    return this.presentPage(list, (view) => this.present.memberSpace(view));
  }
}
