import { Injectable } from '@nestjs/common';
import { MemberTeamView } from '../application/list-member-teams';
import { TeamMemberView } from '../application/list-team-members';
import { MemberDoc } from '../projections/organizations.read-model';
import { TeamView } from '../application/team-views';
import { OrganizationsPresenter } from './presenters';

/** GitBook's OrganizationTeam, OrganizationTeamMember and member-team objects. No I/O: the use cases read everything. */
@Injectable()
export class TeamsPresenter {
  constructor(private readonly organizations: OrganizationsPresenter) {}

  /** `caller` is the caller's organization membership: only org admins administrate teams. */
  team({ team, spaces }: TeamView, caller: Pick<MemberDoc, 'role'>) {
    return {
      object: 'team' as const,
      id: team.id,
      title: team.title,
      members: team.members,
      spaces,
      createdAt: team.createdAt,
      permissions: { admin: caller.role === 'admin', view: true },
    };
  }

  teamMember({ membership, member }: TeamMemberView) {
    return { organization: this.organizations.member(member), team: { role: membership.role }, permissions: { view: true } };
  }

  memberTeam({ team, membership }: MemberTeamView, caller: Pick<MemberDoc, 'role'>) {
    return { team: this.team(team, caller), member: { role: membership.role } };
  }
}
