import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, UseCaseRoutes } from '@docs/platform';
import { EnableMemberSso } from './enable-member-sso';
import { GetMember } from './get-member';
import { ListMembers } from './list-members';
import { OrganizationScope } from '../shared/organization-scope';
import { PingOrganization } from './ping-organization';
import { RemoveMember } from './remove-member';
import { UpdateMember } from './update-member';
import { ListMembersQuery, UpdateMemberBody } from './member.dto';
import { OrgScope } from '../shared/org-scope';
import { OrganizationsPresenter } from '../organizations/organizations.presenter';
import { MemberResponse, PingResponse } from '../responses';

@ApiController('v1/orgs/:organizationId', 'organization-members')
export class MembersController extends UseCaseRoutes(OrganizationsPresenter) {
  @Endpoint('GET', 'members', { answers: [MemberResponse] })
  @Operation('listMembersInOrganizationById', 'List the members of an organization')
  async list(@OrgScope() scope: OrganizationScope, @Query() query: ListMembersQuery) {
    const { order, role, search, sort } = query;
    const filters = { order, role, search, sort };
    return this.presentPage(new ListMembers({ filters, page: pageOf(query) }, scope), (member) => this.present.member(member));
  }

  @Endpoint('GET', 'members/:userId', { answers: MemberResponse })
  @Operation('getMemberInOrganizationById', 'Get an organization member')
  async get(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string) {
    return this.present.member(await this.useCases.query(new GetMember({ userId }, scope)));
  }

  @Endpoint('PATCH', 'members/:userId', { answers: MemberResponse })
  @Operation('updateMemberInOrganizationById', "Change an organization member's role")
  async update(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string, @Body() body: UpdateMemberBody) {
    return this.present.member(await this.useCases.command(new UpdateMember({ userId, role: body.role }, scope)));
  }

  @Endpoint('DELETE', 'members/:userId', { answers: null })
  @Operation('removeMemberFromOrganizationById', 'Remove an organization member (or leave the organization)')
  async remove(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string) {
    await this.useCases.command(new RemoveMember({ userId }, scope));
  }

  @Endpoint('POST', 'ping', { status: 200, answers: PingResponse })
  @Operation('updateOrganizationMemberLastSeenAt', "Update the caller's last-seen time")
  async ping(@OrgScope() scope: OrganizationScope) {
    const { serviceVisitorClaims } = await this.useCases.command(new PingOrganization(scope));
    // The seed names the token serviceVisitorClaims; GitBook's document calls it gitbookVisitorClaims.
    return { serviceVisitorClaims, gitbookVisitorClaims: serviceVisitorClaims };
  }

  @Endpoint('POST', 'members/:userId/sso', { status: 200, answers: MemberResponse })
  @Operation('setUserAsSSOMemberForOrganization', 'Set a member as an SSO member')
  async sso(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string) {
    return this.present.member(await this.useCases.command(new EnableMemberSso({ userId }, scope)));
  }
}
