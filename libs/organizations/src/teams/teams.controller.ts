import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, envelope, pageOf, PageQuery, UseCases } from '@docs/platform';
import { CreateTeam } from './create-team';
import { DeleteTeam } from './delete-team';
import { GetTeam } from './get-team';
import { ListMemberTeams } from './list-member-teams';
import { ListTeamMembers } from './list-team-members';
import { ListTeams } from './list-teams';
import { OrganizationScope } from '../shared/organization-scope';
import { RemoveTeamMember } from './remove-team-member';
import { RenameTeam } from './rename-team';
import { SetTeamMember } from './set-team-member';
import { UpdateTeamMembers } from './update-team-members';
import { CreateTeamBody, ListMemberTeamsQuery, ListTeamsQuery, RenameTeamBody, SetTeamMemberBody, UpdateTeamMembersBody } from './team.dto';
import { OrgScope } from '../shared/org-scope';
import { TeamsPresenter } from './teams.presenter';
import { MemberTeamResponse, TeamMemberResponse, TeamResponse } from '../responses';

@ApiController('v1/orgs/:organizationId', 'teams')
export class TeamsController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: TeamsPresenter,
  ) {}

  @Endpoint('GET', 'teams', { operationId: 'listTeamsInOrganizationById', summary: 'List all teams', answers: [TeamResponse] })
  async list(@OrgScope() scope: OrganizationScope, @Query() query: ListTeamsQuery) {
    const result = await this.useCases.query(new ListTeams({ owner: query.owner, title: query.title, page: pageOf(query) }, scope));
    const caller = await scope.member();
    return envelope(result, (team) => this.present.team(team, caller));
  }

  @Endpoint('PUT', 'teams', { operationId: 'createOrganizationTeam', summary: 'Create a team', status: 201, answers: TeamResponse })
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateTeamBody) {
    const team = await this.useCases.command(new CreateTeam({ title: body.title, members: body.members ?? [] }, scope));
    return this.present.team(team, await scope.member());
  }

  @Endpoint('GET', 'teams/:teamId', { operationId: 'getTeamInOrganizationById', summary: 'Get a team', answers: TeamResponse })
  async get(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string) {
    const team = await this.useCases.query(new GetTeam({ teamId }, scope));
    return this.present.team(team, await scope.member());
  }

  @Endpoint('PATCH', 'teams/:teamId', { operationId: 'updateTeamInOrganizationById', summary: 'Update a team', answers: TeamResponse })
  async rename(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string, @Body() body: RenameTeamBody) {
    const team = await this.useCases.command(new RenameTeam({ teamId, title: body.title }, scope));
    return this.present.team(team, await scope.member());
  }

  @Endpoint('DELETE', 'teams/:teamId', { operationId: 'removeTeamFromOrganizationById', summary: 'Delete a team', answers: null })
  async remove(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string) {
    await this.useCases.command(new DeleteTeam({ teamId }, scope));
  }

  @Endpoint('GET', 'teams/:teamId/members', {
    operationId: 'listTeamMembersInOrganizationById',
    summary: 'List all team members',
    answers: [TeamMemberResponse],
  })
  async members(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string, @Query() query: PageQuery) {
    const result = await this.useCases.query(new ListTeamMembers({ teamId, page: pageOf(query) }, scope));
    return envelope(result, (view) => this.present.teamMember(view));
  }

  @Endpoint('PUT', 'teams/:teamId/members', {
    operationId: 'updateMembersInOrganizationTeam',
    summary: 'Update the members of a team',
    answers: null,
  })
  async updateMembers(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string, @Body() body: UpdateTeamMembersBody) {
    const roles = new Map(Object.entries(body.memberships ?? {}).map(([userId, m]) => [userId, m.role]));
    await this.useCases.command(new UpdateTeamMembers({ teamId, add: body.add ?? [], remove: body.remove ?? [], roles }, scope));
  }

  @Endpoint('PUT', 'teams/:teamId/members/:userId', {
    operationId: 'addMemberToOrganizationTeamById',
    summary: 'Add a team member or change their role',
    answers: null,
  })
  async setMember(
    @OrgScope() scope: OrganizationScope,
    @Param('teamId') teamId: string,
    @Param('userId') userId: string,
    @Body() body: SetTeamMemberBody,
  ) {
    await this.useCases.command(new SetTeamMember({ teamId, userId, role: body?.role ?? 'member' }, scope));
  }

  @Endpoint('DELETE', 'teams/:teamId/members/:userId', {
    operationId: 'deleteMemberFromOrganizationTeamById',
    summary: 'Remove a team member',
    answers: null,
  })
  async removeMember(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string, @Param('userId') userId: string) {
    await this.useCases.command(new RemoveTeamMember({ teamId, userId }, scope));
  }

  @Endpoint('GET', 'members/:userId/teams', {
    operationId: 'listTeamsForOrganizationMember',
    summary: 'List the teams of an organization member',
    answers: [MemberTeamResponse],
  })
  async memberTeams(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string, @Query() query: ListMemberTeamsQuery) {
    const result = await this.useCases.query(new ListMemberTeams({ userId, title: query.title, page: pageOf(query) }, scope));
    const caller = await scope.member();
    return envelope(result, (view) => this.present.memberTeam(view, caller));
  }
}
