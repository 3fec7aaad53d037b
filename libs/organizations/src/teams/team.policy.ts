import { RoleOrGuest } from '../shared/roles.domain';

/** A team membership's role: owners manage the team's members. Pure, also the team decider's. */
export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/**
 * What a caller (organization role `orgRole`, team role `teamRole`, null outside the team) may do
 * to a team: org admins administrate teams; they and the team's owners manage its members.
 */
export function teamPermissions(orgRole: RoleOrGuest, teamRole: TeamRole | null) {
  const admin = orgRole === 'admin';
  return { view: true, admin, manageMembers: admin || teamRole === 'owner' };
}

/** Anyone who may see a team's member may view them. */
export const teamMemberPermissions = () => ({ view: true });
