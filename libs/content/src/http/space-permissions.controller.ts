import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, envelope, pageOf, PageQuery, UseCases } from '@docs/platform';
import { InviteToSpace } from '../application/invite-to-space';
import { ListTeamPermissionsInSpace } from '../application/list-team-permissions-in-space';
import { ListUserPermissionsInSpace } from '../application/list-user-permissions-in-space';
import { RemoveTeamFromSpace } from '../application/remove-team-from-space';
import { RemoveUserFromSpace } from '../application/remove-user-from-space';
import { SpaceScope } from '../application/space-scope';
import { UpdateTeamPermissionInSpace } from '../application/update-team-permission-in-space';
import { UpdateUserPermissionInSpace } from '../application/update-user-permission-in-space';
import { InviteToSpaceBody, UpdateSpacePermissionBody } from './dto/space-permission.dto';
import { TeamSpacePermissionResponse, UserSpacePermissionResponse } from './responses/space-permission.response';
import { InSpace } from './space-scope';
import { SpacesPresenter } from './spaces.presenter';

/** Who has direct access to a space: users and teams with a role. */
@ApiController('v1/spaces/:spaceId/permissions', 'space-permissions')
export class SpacePermissionsController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: SpacesPresenter,
  ) {}

  @Endpoint('POST', '', { operationId: 'inviteToSpace', summary: 'Give users and teams a role in a space (null removes it)', status: 204, answers: null })
  async invite(@InSpace() scope: SpaceScope, @Body() body: InviteToSpaceBody) {
    await this.useCases.command(new InviteToSpace({ role: body.role, users: body.users ?? [], teams: body.teams ?? [] }, scope));
  }

  @Endpoint('GET', 'users', { operationId: 'listUserPermissionsInSpace', summary: 'List the users with a direct grant on a space', answers: [UserSpacePermissionResponse] })
  async users(@InSpace() scope: SpaceScope, @Query() query: PageQuery) {
    const result = await this.useCases.query(new ListUserPermissionsInSpace({ page: pageOf(query) }, scope));
    return envelope(result, (view) => this.present.userPermission(view));
  }

  @Endpoint('GET', 'teams', { operationId: 'listTeamPermissionsInSpace', summary: 'List the teams with a grant on a space', answers: [TeamSpacePermissionResponse] })
  async teams(@InSpace() scope: SpaceScope, @Query() query: PageQuery) {
    const result = await this.useCases.query(new ListTeamPermissionsInSpace({ page: pageOf(query) }, scope));
    return envelope(result, (view) => this.present.teamPermission(view));
  }

  @Endpoint('PATCH', 'users/:userId', { operationId: 'updateUserPermissionInSpace', summary: "Change a user's role in a space (null removes it)", status: 204, answers: null })
  async updateUser(@InSpace() scope: SpaceScope, @Param('userId') userId: string, @Body() body: UpdateSpacePermissionBody) {
    await this.useCases.command(new UpdateUserPermissionInSpace({ userId, role: body.role }, scope));
  }

  @Endpoint('DELETE', 'users/:userId', { operationId: 'removeUserFromSpace', summary: "Remove a user's direct grant on a space", status: 205, answers: null })
  async removeUser(@InSpace() scope: SpaceScope, @Param('userId') userId: string) {
    await this.useCases.command(new RemoveUserFromSpace({ userId }, scope));
  }

  @Endpoint('PATCH', 'teams/:teamId', { operationId: 'updateTeamPermissionInSpace', summary: "Change a team's role in a space (null removes it)", status: 204, answers: null })
  async updateTeam(@InSpace() scope: SpaceScope, @Param('teamId') teamId: string, @Body() body: UpdateSpacePermissionBody) {
    await this.useCases.command(new UpdateTeamPermissionInSpace({ teamId, role: body.role }, scope));
  }

  @Endpoint('DELETE', 'teams/:teamId', { operationId: 'removeTeamFromSpace', summary: "Remove a team's grant on a space", status: 205, answers: null })
  async removeTeam(@InSpace() scope: SpaceScope, @Param('teamId') teamId: string) {
    await this.useCases.command(new RemoveTeamFromSpace({ teamId }, scope));
  }
}
