import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, envelope, pageOf, UseCases } from '@docs/platform';
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
export class MembersController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: OrganizationsPresenter,
  ) {}

  @Endpoint('GET', 'members', {
    operationId: 'listMembersInOrganizationById',
    summary: 'List the members of an organization',
    answers: [MemberResponse],
  })
  async list(@OrgScope() scope: OrganizationScope, @Query() query: ListMembersQuery) {
    const { order, role, search, sort } = query;
    const result = await this.useCases.query(new ListMembers({ filters: { order, role, search, sort }, page: pageOf(query) }, scope));
    return envelope(result, (member) => this.present.member(member));
  }

  @Endpoint('GET', 'members/:userId', {
    operationId: 'getMemberInOrganizationById',
    summary: 'Get an organization member',
    answers: MemberResponse,
  })
  async get(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string) {
    return this.present.member(await this.useCases.query(new GetMember({ userId }, scope)));
  }

  @Endpoint('PATCH', 'members/:userId', {
    operationId: 'updateMemberInOrganizationById',
    summary: "Change an organization member's role",
    answers: MemberResponse,
  })
  async update(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string, @Body() body: UpdateMemberBody) {
    return this.present.member(await this.useCases.command(new UpdateMember({ userId, role: body.role }, scope)));
  }

  @Endpoint('DELETE', 'members/:userId', {
    operationId: 'removeMemberFromOrganizationById',
    summary: 'Remove an organization member (or leave the organization)',
    answers: null,
  })
  async remove(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string) {
    await this.useCases.command(new RemoveMember({ userId }, scope));
  }

  @Endpoint('POST', 'ping', {
    operationId: 'updateOrganizationMemberLastSeenAt',
    summary: "Update the caller's last-seen time",
    status: 200,
    answers: PingResponse,
  })
  async ping(@OrgScope() scope: OrganizationScope) {
    const { serviceVisitorClaims } = await this.useCases.command(new PingOrganization(scope));
    // The seed names the token serviceVisitorClaims; GitBook's document calls it gitbookVisitorClaims.
    return { serviceVisitorClaims, gitbookVisitorClaims: serviceVisitorClaims };
  }

  @Endpoint('POST', 'members/:userId/sso', {
    operationId: 'setUserAsSSOMemberForOrganization',
    summary: 'Set a member as an SSO member',
    status: 200,
    answers: MemberResponse,
  })
  async sso(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string) {
    return this.present.member(await this.useCases.command(new EnableMemberSso({ userId }, scope)));
  }
}
