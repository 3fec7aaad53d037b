import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, envelope, pageOf, PageQuery, UseCases } from '@docs/platform';
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
export class SpacePermissionsController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: SpacesPresenter,
  ) {}

  @Endpoint('POST', '', {
    operationId: 'inviteToSpace',
    summary: 'Give users and teams a role in a space (null removes it)',
    status: 204,
    answers: null,
  })
  async invite(@InSpace() scope: SpaceScope, @Body() body: InviteToSpaceBody) {
    await this.useCases.command(new InviteToSpace({ role: body.role, users: body.users ?? [], teams: body.teams ?? [] }, scope));
  }

  @Endpoint('GET', 'users', {
    operationId: 'listUserPermissionsInSpace',
    summary: 'List the users with a direct grant on a space',
    answers: [UserSpacePermissionResponse],
  })
  async users(@InSpace() scope: SpaceScope, @Query() query: PageQuery) {
    const result = await this.useCases.query(new ListSpaceGrants({ kind: 'user', page: pageOf(query) }, scope));
    return envelope(result, (view) => this.present.userPermission(view));
  }

  @Endpoint('GET', 'teams', {
    operationId: 'listTeamPermissionsInSpace',
    summary: 'List the teams with a grant on a space',
    answers: [TeamSpacePermissionResponse],
  })
  async teams(@InSpace() scope: SpaceScope, @Query() query: PageQuery) {
    const result = await this.useCases.query(new ListSpaceGrants({ kind: 'team', page: pageOf(query) }, scope));
    return envelope(result, (view) => this.present.teamPermission(view));
  }

  @Endpoint('PATCH', 'users/:userId', {
    operationId: 'updateUserPermissionInSpace',
    summary: "Change a user's role in a space (null removes it)",
    status: 204,
    answers: null,
  })
  async updateUser(@InSpace() scope: SpaceScope, @Param('userId') userId: string, @Body() body: UpdateSpacePermissionBody) {
    await this.useCases.command(new UpdateSpaceGrant({ kind: 'user', principalId: userId, role: body.role }, scope));
  }

  @Endpoint('PATCH', 'teams/:teamId', {
    operationId: 'updateTeamPermissionInSpace',
    summary: "Change a team's role in a space (null removes it)",
    status: 204,
    answers: null,
  })
  async updateTeam(@InSpace() scope: SpaceScope, @Param('teamId') teamId: string, @Body() body: UpdateSpacePermissionBody) {
    await this.useCases.command(new UpdateSpaceGrant({ kind: 'team', principalId: teamId, role: body.role }, scope));
  }

  @Endpoint('DELETE', 'users/:userId', {
    operationId: 'removeUserFromSpace',
    summary: "Remove a user's direct grant on a space",
    status: 205,
    answers: null,
  })
  async removeUser(@InSpace() scope: SpaceScope, @Param('userId') userId: string) {
    await this.useCases.command(new RemoveSpaceGrant({ kind: 'user', principalId: userId }, scope));
  }

  @Endpoint('DELETE', 'teams/:teamId', {
    operationId: 'removeTeamFromSpace',
    summary: "Remove a team's grant on a space",
    status: 205,
    answers: null,
  })
  async removeTeam(@InSpace() scope: SpaceScope, @Param('teamId') teamId: string) {
    await this.useCases.command(new RemoveSpaceGrant({ kind: 'team', principalId: teamId }, scope));
  }
}
