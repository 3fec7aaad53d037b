import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, commandContext, CurrentCaller, envelope, pageOf } from '@docs/platform';
import { EnableMemberSso } from '../application/enable-member-sso';
import { GetMember } from '../application/get-member';
import { ListMembers } from '../application/list-members';
import { ListMemberSpaces } from '../application/list-member-spaces';
import { PingOrganization } from '../application/ping-organization';
import { RemoveMember } from '../application/remove-member';
import { UpdateMember } from '../application/update-member';
import { ListMembersQuery, ListMemberSpacesQuery, UpdateMemberBody } from './dto/member.dto';
import { OrganizationsPresenter } from './presenters';

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
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListMembersQuery) {
    const { order, role, search, sort } = query;
    const result = await this.queries.execute(new ListMembers(organizationId, caller.userId, { order, role, search, sort }, pageOf(query)));
    return envelope(result, (m) => this.present.member(m));
  }

  @Get('members/:userId')
  @ApiOperation({ operationId: 'getMemberInOrganizationById', summary: 'Get an organization member' })
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('userId') userId: string) {
    return this.present.member(await this.queries.execute(new GetMember(organizationId, caller.userId, userId)));
  }

  @Patch('members/:userId')
  @ApiOperation({ operationId: 'updateMemberInOrganizationById', summary: "Change an organization member's role" })
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('userId') userId: string,
    @Body() body: UpdateMemberBody,
  ) {
    return this.present.member(await this.commands.execute(new UpdateMember(organizationId, userId, body.role, commandContext(caller))));
  }

  @Delete('members/:userId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'removeMemberFromOrganizationById', summary: 'Remove an organization member (or leave the organization)' })
  async remove(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('userId') userId: string) {
    await this.commands.execute(new RemoveMember(organizationId, userId, commandContext(caller)));
  }

  @Post('ping')
  @HttpCode(200)
  @ApiOperation({ operationId: 'updateOrganizationMemberLastSeenAt', summary: "Update the caller's last-seen time" })
  async ping(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string) {
    const { serviceVisitorClaims } = await this.commands.execute(new PingOrganization(organizationId, commandContext(caller)));
    // The seed names the token serviceVisitorClaims; GitBook's document calls it gitbookVisitorClaims.
    return { serviceVisitorClaims, gitbookVisitorClaims: serviceVisitorClaims };
  }

  @Post('members/:userId/sso')
  @HttpCode(200)
  @ApiOperation({ operationId: 'setUserAsSSOMemberForOrganization', summary: 'Set a member as an SSO member' })
  async sso(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('userId') userId: string) {
    return this.present.member(await this.commands.execute(new EnableMemberSso(organizationId, userId, commandContext(caller))));
  }

  @Get('members/:userId/spaces')
  @ApiOperation({ operationId: 'listSpacesForOrganizationMember', summary: "List an organization member's space permissions" })
  async spaces(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('userId') userId: string,
    @Query() query: ListMemberSpacesQuery,
  ) {
    const result = await this.queries.execute(new ListMemberSpaces(organizationId, caller.userId, userId, query.order ?? 'desc', pageOf(query)));
    return envelope(result, (entry) => this.present.memberSpace(entry));
  }
}
