import { Injectable } from '@nestjs/common';
import { MemberTeamView } from './list-member-teams';
import { TeamMemberView } from './list-team-members';
import { MemberDoc } from '../organizations/organizations.read-model';
import { TeamView } from './team-views';
import { teamMemberPermissions, teamPermissions } from './team.policy';
import { OrganizationsPresenter } from '../organizations/organizations.presenter';
import { MemberTeamResponse, TeamMemberResponse, TeamResponse } from '../responses';

/** GitBook's OrganizationTeam, OrganizationTeamMember and member-team objects. No I/O: the use cases read everything. */
@Injectable()
export class TeamsPresenter {
  constructor(private readonly organizations: OrganizationsPresenter) {}

  /** `caller` is the caller's organization membership: only org admins administrate teams. */
  team({ team, spaces }: TeamView, caller: Pick<MemberDoc, 'role'>): TeamResponse {
    const { admin, view } = teamPermissions(caller.role, null);
    return {
      object: 'team' as const,
      id: team.id,
      title: team.title,
      members: team.members,
      spaces,
      createdAt: team.createdAt,
      permissions: { admin, view },
    };
  }

  teamMember({ membership, member }: TeamMemberView): TeamMemberResponse {
    return { organization: this.organizations.member(member), team: { role: membership.role }, permissions: teamMemberPermissions() };
  }

  memberTeam({ team, membership }: MemberTeamView, caller: Pick<MemberDoc, 'role'>): MemberTeamResponse {
    return { team: this.team(team, caller), member: { role: membership.role } };
  }
}
