import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Answers, envelope, pageOf } from '@docs/platform';
import { EnableMemberSso } from '../application/enable-member-sso';
import { GetMember } from '../application/get-member';
import { ListMembers } from '../application/list-members';
import { ListMemberSpaces } from '../application/list-member-spaces';
import { OrganizationScope } from '../application/organization-scope';
import { PingOrganization } from '../application/ping-organization';
import { RemoveMember } from '../application/remove-member';
import { UpdateMember } from '../application/update-member';
import { ListMembersQuery, ListMemberSpacesQuery, UpdateMemberBody } from './dto/member.dto';
import { OrgScope } from './org-scope';
import { OrganizationsPresenter } from './presenters';
import { MemberResponse, MemberSpaceResponse, PingResponse } from './responses';

@ApiTags('organization-members')
@ApiBearerAuth()
@Controller('v1/orgs/:organizationId')
export class MembersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly present: OrganizationsPresenter,
  ) {}

  @Get('members')
  @ApiOperation({ operationId: 'listMembersInOrganizationById', summary: 'List the members of an organization' })
  @Answers.list(MemberResponse)
  async list(@OrgScope() scope: OrganizationScope, @Query() query: ListMembersQuery) {
    const { order, role, search, sort } = query;
    const result = await this.queries.execute(new ListMembers({ filters: { order, role, search, sort }, page: pageOf(query) }, scope));
    return envelope(result, (member) => this.present.member(member));
  }

  @Get('members/:userId')
  @ApiOperation({ operationId: 'getMemberInOrganizationById', summary: 'Get an organization member' })
  @Answers(MemberResponse)
  async get(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string) {
    return this.present.member(await this.queries.execute(new GetMember({ userId }, scope)));
  }

  @Patch('members/:userId')
  @ApiOperation({ operationId: 'updateMemberInOrganizationById', summary: "Change an organization member's role" })
  @Answers(MemberResponse)
  async update(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string, @Body() body: UpdateMemberBody) {
    return this.present.member(await this.commands.execute(new UpdateMember({ userId, role: body.role }, scope)));
  }

  @Delete('members/:userId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'removeMemberFromOrganizationById', summary: 'Remove an organization member (or leave the organization)' })
  @Answers.empty(204)
  async remove(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string) {
    await this.commands.execute(new RemoveMember({ userId }, scope));
  }

  @Post('ping')
  @HttpCode(200)
  @ApiOperation({ operationId: 'updateOrganizationMemberLastSeenAt', summary: "Update the caller's last-seen time" })
  @Answers(PingResponse, { status: 200 })
  async ping(@OrgScope() scope: OrganizationScope) {
    const { serviceVisitorClaims } = await this.commands.execute(new PingOrganization(scope));
    // The seed names the token serviceVisitorClaims; GitBook's document calls it gitbookVisitorClaims.
    return { serviceVisitorClaims, gitbookVisitorClaims: serviceVisitorClaims };
  }

  @Post('members/:userId/sso')
  @HttpCode(200)
  @ApiOperation({ operationId: 'setUserAsSSOMemberForOrganization', summary: 'Set a member as an SSO member' })
  @Answers(MemberResponse, { status: 200 })
  async sso(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string) {
    return this.present.member(await this.commands.execute(new EnableMemberSso({ userId }, scope)));
  }

  @Get('members/:userId/spaces')
  @ApiOperation({ operationId: 'listSpacesForOrganizationMember', summary: "List an organization member's space permissions" })
  @Answers.list(MemberSpaceResponse)
  async spaces(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string, @Query() query: ListMemberSpacesQuery) {
    const result = await this.queries.execute(new ListMemberSpaces({ userId, order: query.order ?? 'desc', page: pageOf(query) }, scope));
    return envelope(result, (entry) => this.present.memberSpace(entry));
  }
}
