import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, PageQuery, UseCaseRoutes } from '@docs/platform';
import { InviteToSpace } from './invite-to-space';
import { ListSpaceGrants } from './list-space-grants';
import { RemoveSpaceGrant } from './remove-space-grant';
import { SpaceScope } from '../space-scope';
import { UpdateSpaceGrant } from './update-space-grant';
import { InviteToSpaceBody, UpdateSpacePermissionBody } from './space-permission.dto';
import { TeamSpacePermissionResponse, UserSpacePermissionResponse } from './space-permission.response';
import { InSpace } from '../http/space-scope.pipe';
import { SpacesPresenter } from '../http/spaces.presenter';

/** Who has direct access to a space: users and teams with a role. */
@ApiController('v1/spaces/:spaceId/permissions', 'space-permissions')
export class SpacePermissionsController extends UseCaseRoutes(SpacesPresenter) {
  @Endpoint('POST', '', { status: 204, answers: null })
  @Operation('inviteToSpace', 'Give users and teams a role in a space (null removes it)')
  async invite(@InSpace() scope: SpaceScope, @Body() body: InviteToSpaceBody) {
    await this.useCases.command(new InviteToSpace({ role: body.role, users: body.users ?? [], teams: body.teams ?? [] }, scope));
  }

  @Endpoint('GET', 'users', { answers: [UserSpacePermissionResponse] })
  @Operation('listUserPermissionsInSpace', 'List the users with a direct grant on a space')
  async users(@InSpace() scope: SpaceScope, @Query() query: PageQuery) {
    return this.presentPage(new ListSpaceGrants({ kind: 'user', page: pageOf(query) }, scope), (view) => this.present.userPermission(view));
  }

  @Endpoint('GET', 'teams', { answers: [TeamSpacePermissionResponse] })
  @Operation('listTeamPermissionsInSpace', 'List the teams with a grant on a space')
  async teams(@InSpace() scope: SpaceScope, @Query() query: PageQuery) {
    return this.presentPage(new ListSpaceGrants({ kind: 'team', page: pageOf(query) }, scope), (view) => this.present.teamPermission(view));
  }

  @Endpoint('PATCH', 'users/:userId', { status: 204, answers: null })
  @Operation('updateUserPermissionInSpace', "Change a user's role in a space (null removes it)")
  async updateUser(@InSpace() scope: SpaceScope, @Param('userId') userId: string, @Body() body: UpdateSpacePermissionBody) {
    await this.useCases.command(new UpdateSpaceGrant({ kind: 'user', principalId: userId, role: body.role }, scope));
  }

  @Endpoint('PATCH', 'teams/:teamId', { status: 204, answers: null })
  @Operation('updateTeamPermissionInSpace', "Change a team's role in a space (null removes it)")
  async updateTeam(@InSpace() scope: SpaceScope, @Param('teamId') teamId: string, @Body() body: UpdateSpacePermissionBody) {
    await this.useCases.command(new UpdateSpaceGrant({ kind: 'team', principalId: teamId, role: body.role }, scope));
  }

  @Endpoint('DELETE', 'users/:userId', { status: 205, answers: null })
  @Operation('removeUserFromSpace', "Remove a user's direct grant on a space")
  async removeUser(@InSpace() scope: SpaceScope, @Param('userId') userId: string) {
    await this.useCases.command(new RemoveSpaceGrant({ kind: 'user', principalId: userId }, scope));
  }

  @Endpoint('DELETE', 'teams/:teamId', { status: 205, answers: null })
  @Operation('removeTeamFromSpace', "Remove a team's grant on a space")
  async removeTeam(@InSpace() scope: SpaceScope, @Param('teamId') teamId: string) {
    await this.useCases.command(new RemoveSpaceGrant({ kind: 'team', principalId: teamId }, scope));
  }
}
