import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Answers, envelope, PageQuery, pageOf } from '@docs/platform';
import { CreateTeam } from '../application/create-team';
import { DeleteTeam } from '../application/delete-team';
import { GetTeam } from '../application/get-team';
import { ListMemberTeams } from '../application/list-member-teams';
import { ListTeamMembers } from '../application/list-team-members';
import { ListTeams } from '../application/list-teams';
import { OrganizationScope } from '../application/organization-scope';
import { RemoveTeamMember } from '../application/remove-team-member';
import { RenameTeam } from '../application/rename-team';
import { SetTeamMember } from '../application/set-team-member';
import { UpdateTeamMembers } from '../application/update-team-members';
import { CreateTeamBody, ListMemberTeamsQuery, ListTeamsQuery, RenameTeamBody, SetTeamMemberBody, UpdateTeamMembersBody } from './dto/team.dto';
import { OrgScope } from './org-scope';
import { TeamsPresenter } from './teams.presenter';
import { MemberTeamResponse, TeamMemberResponse, TeamResponse } from './responses';

@ApiTags('teams')
@ApiBearerAuth()
@Controller('v1/orgs/:organizationId')
export class TeamsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly present: TeamsPresenter,
  ) {}

  @Get('teams')
  @ApiOperation({ operationId: 'listTeamsInOrganizationById', summary: 'List all teams' })
  @Answers.list(TeamResponse)
  async list(@OrgScope() scope: OrganizationScope, @Query() query: ListTeamsQuery) {
    const result = await this.queries.execute(new ListTeams({ owner: query.owner, title: query.title, page: pageOf(query) }, scope));
    const caller = await scope.member();
    return envelope(result, (team) => this.present.team(team, caller));
  }

  @Put('teams')
  @HttpCode(201)
  @ApiOperation({ operationId: 'createOrganizationTeam', summary: 'Create a team' })
  @Answers(TeamResponse, { status: 201 })
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateTeamBody) {
    const team = await this.commands.execute(new CreateTeam({ title: body.title, members: body.members ?? [] }, scope));
    return this.present.team(team, await scope.member());
  }

  @Get('teams/:teamId')
  @ApiOperation({ operationId: 'getTeamInOrganizationById', summary: 'Get a team' })
  @Answers(TeamResponse)
  async get(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string) {
    const team = await this.queries.execute(new GetTeam({ teamId }, scope));
    return this.present.team(team, await scope.member());
  }

  @Patch('teams/:teamId')
  @ApiOperation({ operationId: 'updateTeamInOrganizationById', summary: 'Update a team' })
  @Answers(TeamResponse)
  async rename(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string, @Body() body: RenameTeamBody) {
    const team = await this.commands.execute(new RenameTeam({ teamId, title: body.title }, scope));
    return this.present.team(team, await scope.member());
  }

  @Delete('teams/:teamId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'removeTeamFromOrganizationById', summary: 'Delete a team' })
  @Answers.empty(204)
  async remove(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string) {
    await this.commands.execute(new DeleteTeam({ teamId }, scope));
  }

  @Get('teams/:teamId/members')
  @ApiOperation({ operationId: 'listTeamMembersInOrganizationById', summary: 'List all team members' })
  @Answers.list(TeamMemberResponse)
  async members(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string, @Query() query: PageQuery) {
    const result = await this.queries.execute(new ListTeamMembers({ teamId, page: pageOf(query) }, scope));
    return envelope(result, (view) => this.present.teamMember(view));
  }

  @Put('teams/:teamId/members')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateMembersInOrganizationTeam', summary: 'Update the members of a team' })
  @Answers.empty(204)
  async updateMembers(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string, @Body() body: UpdateTeamMembersBody) {
    const roles = new Map(Object.entries(body.memberships ?? {}).map(([userId, m]) => [userId, m.role]));
    await this.commands.execute(new UpdateTeamMembers({ teamId, add: body.add ?? [], remove: body.remove ?? [], roles }, scope));
  }

  @Put('teams/:teamId/members/:userId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'addMemberToOrganizationTeamById', summary: 'Add a team member or change their role' })
  @Answers.empty(204)
  async setMember(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string, @Param('userId') userId: string, @Body() body: SetTeamMemberBody) {
    await this.commands.execute(new SetTeamMember({ teamId, userId, role: body?.role ?? 'member' }, scope));
  }

  @Delete('teams/:teamId/members/:userId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteMemberFromOrganizationTeamById', summary: 'Remove a team member' })
  @Answers.empty(204)
  async removeMember(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string, @Param('userId') userId: string) {
    await this.commands.execute(new RemoveTeamMember({ teamId, userId }, scope));
  }

  @Get('members/:userId/teams')
  @ApiOperation({ operationId: 'listTeamsForOrganizationMember', summary: 'List the teams of an organization member' })
  @Answers.list(MemberTeamResponse)
  async memberTeams(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string, @Query() query: ListMemberTeamsQuery) {
    const result = await this.queries.execute(new ListMemberTeams({ userId, title: query.title, page: pageOf(query) }, scope));
    const caller = await scope.member();
    return envelope(result, (view) => this.present.memberTeam(view, caller));
  }
}
