import { Injectable } from '@nestjs/common';
import { TeamDirectory } from '../application/team-directory';
import { MemberDoc } from '../projections/read-model-types';
import { TeamDoc, TeamMemberDoc } from '../projections/teams.projection';
import { OrganizationsPresenter } from './presenters';

/** GitBook's OrganizationTeam, OrganizationTeamMember and member-team objects. */
@Injectable()
export class TeamsPresenter {
  constructor(
    private readonly organizations: OrganizationsPresenter,
    private readonly directory: TeamDirectory,
  ) {}

  /** `caller` is the caller's organization membership: only org admins administrate teams. */
  team(team: TeamDoc, caller: Pick<MemberDoc, 'role'>) {
    return {
      object: 'team' as const,
      id: team.id,
      title: team.title,
      members: team.members,
      spaces: team.spaces,
      createdAt: team.createdAt,
      permissions: { admin: caller.role === 'admin', view: true },
    };
  }

  /** GitBook's OrganizationMember (the members presenter), with the member's team count from the teams read model. */
  async member(member: MemberDoc) {
    const { count } = await this.directory.teamsOf(member.organizationId, member.userId);
    return this.organizations.member({ ...member, teams: count });
  }

  async teamMember(membership: TeamMemberDoc, member: MemberDoc) {
    return { organization: await this.member(member), team: { role: membership.role }, permissions: { view: true } };
  }

  memberTeam(team: TeamDoc, membership: TeamMemberDoc, caller: Pick<MemberDoc, 'role'>) {
    return { team: this.team(team, caller), member: { role: membership.role } };
  }
}
