import { Injectable } from '@nestjs/common';
import { MergeRulesConfiguration, NO_MERGE_RULES, Role } from '@docs/kernel';
import { RoleOrGuest } from './roles.domain';
import { MemberView, MemberViews } from '../members/member-views';
import { MemberDoc, OrganizationsReadModel } from '../organizations/organizations.read-model';
import { OrganizationView } from '../organizations/get-organization';
import { TeamDoc, TeamsReadModel } from '../teams/teams.read-model';
import { UserDoc, UsersReadModel } from '../users/users.read-model';

/**
 * The organizations context's query interface for other contexts (exported through its index):
 * who belongs to an organization, with which role, and in which teams. Other contexts never read
 * this context's collections or domain files.
 */
@Injectable()
export class OrganizationDirectory {
  constructor(
    private readonly organizations: OrganizationsReadModel,
    private readonly teams: TeamsReadModel,
    private readonly users: UsersReadModel,
    private readonly memberViews: MemberViews,
  ) {}

  /** The user's organization role: a role, null for a guest, undefined for anyone not an enabled member. */
  async roleOf(organizationId: string, userId: string): Promise<RoleOrGuest | undefined> {
    const { organization, member } = await this.organizations.standing(organizationId, userId);
    return organization && member && !member.disabled ? member.role : undefined;
  }

  /**
   * Organizations by id (unknown ones left out), each with the user's enabled membership (null
   * otherwise): what OrganizationsPresenter.organization needs to present one embedded in another
   * context's answer (an integration's `owner`).
   */
  async organizationViews(
    organizationIds: string[],
    userId: string,
  ): Promise<Map<string, { view: OrganizationView; caller: MemberDoc | null }>> {
    const ids = [...new Set(organizationIds)];
    const organizations = await this.organizations.organizations(ids);
    const members = new Map(
      (await Promise.all(ids.map((id) => this.organizations.standing(id, userId)))).flatMap(({ member }) =>
        member && !member.disabled ? [[member.organizationId, member] as const] : [],
      ),
    );
    const views = new Map<string, { view: OrganizationView; caller: MemberDoc | null }>();
    for (const organization of organizations) {
      const caller = members.get(organization.id) ?? null;
      const ownsTeam = caller ? (await this.teams.teamsOf(organization.id, userId)).ownsTeam : false;
      views.set(organization.id, { view: { organization, ownsTeam }, caller });
    }
    return views;
  }

  /** The organization's merge rules (none for an unknown organization): what spaces that inherit them follow. */
  async mergeRulesOf(organizationId: string): Promise<MergeRulesConfiguration> {
    const [organization] = await this.organizations.organizations([organizationId]);
    return organization?.mergeRules ?? NO_MERGE_RULES;
  }

  async exists(organizationId: string): Promise<boolean> {
    return (await this.organizations.organizations([organizationId])).length > 0;
  }

  /** The ids of the teams the user is in, in that organization. */
  teamIdsOf(organizationId: string, userId: string): Promise<string[]> {
    return this.teams.teamIdsOf(organizationId, userId);
  }

  /** Which of these users are members of the organization (guests included). */
  async membersAmong(organizationId: string, userIds: string[]): Promise<Set<string>> {
    return new Set((await this.organizations.membersAmong(organizationId, userIds)).filter((m) => !m.disabled).map((m) => m.userId));
  }

  /** Which of these ids are teams of the organization. */
  async teamsAmong(organizationId: string, teamIds: string[]): Promise<Set<string>> {
    return new Set((await this.teamsOf(organizationId, teamIds)).map((t) => t.id));
  }

  /** The teams of the organization among these ids (unknown ones left out), to present with TeamsPresenter. */
  async teamsOf(organizationId: string, teamIds: string[]): Promise<TeamDoc[]> {
    if (teamIds.length === 0) return [];
    return (await this.teams.teamsById(teamIds)).filter((t) => t.organizationId === organizationId);
  }

  /** The enabled members of the organization among these users (others left out), to present with OrganizationsPresenter.member. */
  async members(organizationId: string, userIds: string[]): Promise<MemberView[]> {
    if (userIds.length === 0) return [];
    return this.memberViews.all((await this.organizations.membersAmong(organizationId, userIds)).filter((m) => !m.disabled));
  }

  /** Users by id (unknown ones left out), to present with OrganizationsPresenter.user. */
  usersById(userIds: string[]): Promise<UserDoc[]> {
    return this.users.usersById(userIds);
  }
}

export type { MemberDoc, MemberView, OrganizationView, Role, RoleOrGuest, TeamDoc, UserDoc };
