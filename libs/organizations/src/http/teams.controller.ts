import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, commandContext, CurrentCaller, envelope, PageQuery, pageOf } from '@docs/platform';
import { CreateTeam } from '../application/create-team';
import { DeleteTeam } from '../application/delete-team';
import { GetTeam } from '../application/get-team';
import { ListMemberTeams } from '../application/list-member-teams';
import { ListTeamMembers } from '../application/list-team-members';
import { ListTeams } from '../application/list-teams';
import { RenameTeam } from '../application/rename-team';
import { RemoveTeamMember, SetTeamMember, UpdateTeamMembers } from '../application/update-team-members';
import { OrganizationAccess } from '../application/organization-access';
import { CreateTeamBody, ListMemberTeamsQuery, ListTeamsQuery, RenameTeamBody, SetTeamMemberBody, UpdateTeamMembersBody } from './dto/team.dto';
import { TeamsPresenter } from './teams.presenter';

@ApiTags('teams')
@ApiBearerAuth()
@Controller('v1/orgs/:organizationId')
export class TeamsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly access: OrganizationAccess,
    private readonly present: TeamsPresenter,
  ) {}

  @Get('teams')
  @ApiOperation({ operationId: 'listTeamsInOrganizationById', summary: 'List all teams' })
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListTeamsQuery) {
    const { result, caller: member } = await this.queries.execute(
      new ListTeams(organizationId, caller.userId, { owner: query.owner, title: query.title }, pageOf(query)),
    );
    return envelope(result, (team) => this.present.team(team, member));
  }

  @Put('teams')
  @HttpCode(201)
  @ApiOperation({ operationId: 'createOrganizationTeam', summary: 'Create a team' })
  async create(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Body() body: CreateTeamBody) {
    const team = await this.commands.execute(new CreateTeam(organizationId, body.title, body.members ?? [], commandContext(caller)));
    return this.present.team(team, await this.callerMember(organizationId, caller));
  }

  @Get('teams/:teamId')
  @ApiOperation({ operationId: 'getTeamInOrganizationById', summary: 'Get a team' })
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('teamId') teamId: string) {
    const { team, caller: member } = await this.queries.execute(new GetTeam(organizationId, teamId, caller.userId));
    return this.present.team(team, member);
  }

  @Patch('teams/:teamId')
  @ApiOperation({ operationId: 'updateTeamInOrganizationById', summary: 'Update a team' })
  async rename(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Body() body: RenameTeamBody,
  ) {
    const team = await this.commands.execute(new RenameTeam(organizationId, teamId, body.title, commandContext(caller)));
    return this.present.team(team, await this.callerMember(organizationId, caller));
  }

  @Delete('teams/:teamId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'removeTeamFromOrganizationById', summary: 'Delete a team' })
  async remove(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
  ) {
    await this.commands.execute(new DeleteTeam(organizationId, teamId, commandContext(caller)));
  }

  @Get('teams/:teamId/members')
  @ApiOperation({ operationId: 'listTeamMembersInOrganizationById', summary: 'List all team members' })
  async members(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Query() query: PageQuery,
  ) {
    const { result } = await this.queries.execute(new ListTeamMembers(organizationId, teamId, caller.userId, pageOf(query)));
    const items = await Promise.all(result.items.map(({ membership, member }) => this.present.teamMember(membership, member)));
    return envelope({ ...result, items }, (item) => item);
  }

  @Put('teams/:teamId/members')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateMembersInOrganizationTeam', summary: 'Update the members of a team' })
  async updateMembers(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Body() body: UpdateTeamMembersBody,
  ) {
    const roles = new Map(Object.entries(body.memberships ?? {}).map(([userId, m]) => [userId, m.role]));
    await this.commands.execute(new UpdateTeamMembers(organizationId, teamId, body.add ?? [], body.remove ?? [], roles, commandContext(caller)));
  }

  @Put('teams/:teamId/members/:userId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'addMemberToOrganizationTeamById', summary: 'Add a team member or change their role' })
  async setMember(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Param('userId') userId: string,
    @Body() body: SetTeamMemberBody,
  ) {
    await this.commands.execute(new SetTeamMember(organizationId, teamId, userId, body?.role ?? 'member', commandContext(caller)));
  }

  @Delete('teams/:teamId/members/:userId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteMemberFromOrganizationTeamById', summary: 'Remove a team member' })
  async removeMember(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Param('userId') userId: string,
  ) {
    await this.commands.execute(new RemoveTeamMember(organizationId, teamId, userId, commandContext(caller)));
  }

  @Get('members/:userId/teams')
  @ApiOperation({ operationId: 'listTeamsForOrganizationMember', summary: 'List the teams of an organization member' })
  async memberTeams(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('userId') userId: string,
    @Query() query: ListMemberTeamsQuery,
  ) {
    const { result, caller: member } = await this.queries.execute(
      new ListMemberTeams(organizationId, userId, caller.userId, query.title, pageOf(query)),
    );
    return envelope(result, ({ team, membership }) => this.present.memberTeam(team, membership, member));
  }

  private async callerMember(organizationId: string, caller: Caller) {
    return (await this.access.requireMember(organizationId, caller.userId)).member;
  }
}
