import { Role } from '@docs/kernel';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { OrganizationsPresenter, TeamsPresenter } from '@docs/organizations';
import { MemberSpaceView } from '../reads/list-member-spaces';
import { SpaceGrantView } from '../permissions/list-space-grants';
import { SpaceDoc } from '../reads/spaces.read-model';
import { spaceObject } from './space-object';
import { MemberSpaceResponse, SpaceResponse } from './space.response';
import { TeamSpacePermissionResponse, UserSpacePermissionResponse } from '../permissions/space-permission.response';

/** GitBook's Space and permission objects, with URLs and the caller's permissions. No I/O: the use cases read everything. */
@Injectable()
export class SpacesPresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly organizations: OrganizationsPresenter,
    private readonly teams: TeamsPresenter,
  ) {}

  /** `role` is the caller's effective role in the space (null: none, every permission false). */
  space(space: SpaceDoc, role: Role | null): SpaceResponse {
    return spaceObject(this.config, space, role);
  }

  /** GitBook's MemberContentPermission: the member's role, and the space with the caller's permissions. */
  memberSpace({ space, permission, role }: MemberSpaceView): MemberSpaceResponse {
    return { permission, space: this.space(space, role) };
  }

  /** GitBook's UserContentPermission. */
  userPermission({ grant, user }: SpaceGrantView<'user'>): UserSpacePermissionResponse {
    return { permission: grant.role, user: this.organizations.user(user) };
  }

  /** A team's grant, with GitBook's OrganizationTeam (its permissions by the caller's organization role). */
  teamPermission({ grant, team, callerRole }: SpaceGrantView<'team'>): TeamSpacePermissionResponse {
    return { permission: grant.role, team: this.teams.team(team, { role: callerRole }) };
  }
}
