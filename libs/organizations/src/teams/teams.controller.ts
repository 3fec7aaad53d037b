import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, PageQuery } from '@docs/platform';
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
import { MemberRoutes } from '../shared/member-routes';
import { TeamsPresenter } from './teams.presenter';
import { TeamView } from './team-views';
import { MemberTeamResponse, TeamMemberResponse, TeamResponse } from '../responses';

@ApiController('v1/orgs/:organizationId', 'teams')
export class TeamsController extends MemberRoutes(TeamsPresenter) {
  @Endpoint('GET', 'teams', { answers: [TeamResponse] })
  @Operation('listTeamsInOrganizationById', 'List all teams')
  async list(@OrgScope() scope: OrganizationScope, @Query() query: ListTeamsQuery) {
    const list = new ListTeams({ owner: query.owner, title: query.title, page: pageOf(query) }, scope);
    return this.presentPageTo(scope, list, (team, caller) => this.present.team(team, caller));
  }

  @Endpoint('PUT', 'teams', { status: 201, answers: TeamResponse })
  @Operation('createOrganizationTeam', 'Create a team')
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateTeamBody) {
    return this.team(scope, this.useCases.command(new CreateTeam({ title: body.title, members: body.members ?? [] }, scope)));
  }

  @Endpoint('GET', 'teams/:teamId', { answers: TeamResponse })
  @Operation('getTeamInOrganizationById', 'Get a team')
  async get(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string) {
    return this.team(scope, this.useCases.query(new GetTeam({ teamId }, scope)));
  }

  @Endpoint('PATCH', 'teams/:teamId', { answers: TeamResponse })
  @Operation('updateTeamInOrganizationById', 'Update a team')
  async rename(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string, @Body() body: RenameTeamBody) {
    return this.team(scope, this.useCases.command(new RenameTeam({ teamId, title: body.title }, scope)));
  }

  @Endpoint('DELETE', 'teams/:teamId', { answers: null })
  @Operation('removeTeamFromOrganizationById', 'Delete a team')
  async remove(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string) {
    await this.useCases.command(new DeleteTeam({ teamId }, scope));
  }

  @Endpoint('GET', 'teams/:teamId/members', { answers: [TeamMemberResponse] })
  @Operation('listTeamMembersInOrganizationById', 'List all team members')
  async members(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string, @Query() query: PageQuery) {
    return this.presentPage(new ListTeamMembers({ teamId, page: pageOf(query) }, scope), (view) => this.present.teamMember(view));
  }

  @Endpoint('PUT', 'teams/:teamId/members', { answers: null })
  @Operation('updateMembersInOrganizationTeam', 'Update the members of a team')
  async updateMembers(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string, @Body() body: UpdateTeamMembersBody) {
    const roles = new Map(Object.entries(body.memberships ?? {}).map(([userId, m]) => [userId, m.role]));
    await this.useCases.command(new UpdateTeamMembers({ teamId, add: body.add ?? [], remove: body.remove ?? [], roles }, scope));
  }

  @Endpoint('PUT', 'teams/:teamId/members/:userId', { answers: null })
  @Operation('addMemberToOrganizationTeamById', 'Add a team member or change their role')
  async setMember(
    @OrgScope() scope: OrganizationScope,
    @Param('teamId') teamId: string,
    @Param('userId') userId: string,
    @Body() body: SetTeamMemberBody,
  ) {
    await this.useCases.command(new SetTeamMember({ teamId, userId, role: body?.role ?? 'member' }, scope));
  }

  @Endpoint('DELETE', 'teams/:teamId/members/:userId', { answers: null })
  @Operation('deleteMemberFromOrganizationTeamById', 'Remove a team member')
  async removeMember(@OrgScope() scope: OrganizationScope, @Param('teamId') teamId: string, @Param('userId') userId: string) {
    await this.useCases.command(new RemoveTeamMember({ teamId, userId }, scope));
  }

  @Endpoint('GET', 'members/:userId/teams', { answers: [MemberTeamResponse] })
  @Operation('listTeamsForOrganizationMember', 'List the teams of an organization member')
  async memberTeams(@OrgScope() scope: OrganizationScope, @Param('userId') userId: string, @Query() query: ListMemberTeamsQuery) {
    const list = new ListMemberTeams({ userId, title: query.title, page: pageOf(query) }, scope);
    return this.presentPageTo(scope, list, (view, caller) => this.present.memberTeam(view, caller));
  }

  /** A team as the caller sees it: their role in the organization decides the permissions it shows. */
  private async team(scope: OrganizationScope, team: Promise<TeamView>): Promise<TeamResponse> {
    return this.present.team(await team, await scope.member());
  }
}
