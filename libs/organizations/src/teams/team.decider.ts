import { Aggregate, Recorded, conflict, forbidden, invalid, notFound, withEntry } from '@docs/kernel';
import { OrganizationResourceState, requireActiveIn } from '../shared/organization-resource.domain';
import { RoleOrGuest } from '../shared/roles.domain';
import { TEAM_ROLES, TeamRole, teamPermissions } from './team.policy';
import type { TeamEvent } from './team.events';

export type { TeamDeleted, TeamEvent } from './team.events';

export { TEAM_ROLES };
export type { TeamRole };

export interface TeamMembership {
  role: TeamRole;
  /** When the membership began (the event's occurredAt), if known. */
  since?: string;
}

export interface TeamState extends OrganizationResourceState {
  teamId?: string;
  title?: string;
  members: Map<string, TeamMembership>;
}

/**
 * Facts about the organization the handler looked up for the users a command mentions (the actor
 * included): each current organization member's join time and whether they are an org admin.
 * A team membership from before the user's latest join is void: leaving the organization ended it
 * (the organization's MemberRemoved event is not written to team streams).
 */
export interface OrgFacts {
  actorId: string;
  /** The actor's organization role. */
  actorRole: RoleOrGuest;
  /**
   * user id -> joinedAt, for mentioned users who are organization members now. A Map, not an
   * object: user ids come from requests, and `constructor` or `__proto__` must not be found on a prototype.
   */
  orgMembers: ReadonlyMap<string, string>;
}

export type TeamCommand =
  | { type: 'CreateTeam'; organizationId: string; teamId: string; title: string; members: string[] }
  | { type: 'RenameTeam'; organizationId: string; title: string }
  | { type: 'DeleteTeam'; organizationId: string }
  | {
      type: 'UpdateTeamMembers';
      organizationId: string;
      add: string[];
      remove: string[];
      /** Roles to set, by user id; users also in `add` join with that role. */
      roles: ReadonlyMap<string, TeamRole>;
    }
  /** PUT .../members/{userId}: adds the user with the role, or changes their role. */
  | { type: 'SetTeamMember'; organizationId: string; userId: string; role: TeamRole }
  | { type: 'RemoveTeamMember'; organizationId: string; userId: string };

/** The users a command names, whose organization membership its decision needs (OrgFacts). */
export function usersNamedBy(command: TeamCommand): string[] {
  switch (command.type) {
    case 'CreateTeam':
      return command.members;
    case 'UpdateTeamMembers':
      return [...command.add, ...command.remove, ...command.roles.keys()];
    case 'SetTeamMember':
    case 'RemoveTeamMember':
      return [command.userId];
    default:
      return [];
  }
}

export function initialTeamState(): TeamState {
  return { status: 'none', members: new Map() };
}

export function evolveTeam(state: TeamState, event: Recorded<TeamEvent>): TeamState {
  switch (event.type) {
    case 'TeamCreated':
      return {
        status: 'active',
        teamId: event.data.teamId,
        organizationId: event.data.organizationId,
        title: event.data.title,
        members: new Map(),
      };
    case 'TeamRenamed':
      return { ...state, title: event.data.title };
    case 'TeamDeleted':
      return { ...state, status: 'deleted' };
    case 'TeamMemberAdded':
      return {
        ...state,
        members: withEntry(state.members, event.data.userId, { role: event.data.role, since: event.metadata.occurredAt }),
      };
    case 'TeamMemberRoleChanged': {
      const current = state.members.get(event.data.userId);
      return { ...state, members: withEntry(state.members, event.data.userId, { ...current, role: event.data.role }) };
    }
    case 'TeamMemberRemoved':
      return { ...state, members: withEntry(state.members, event.data.userId, undefined) };
  }
}

/** The user's role in the team, ignoring memberships voided by leaving the organization since. */
export function effectiveRole(state: TeamState, facts: OrgFacts, userId: string): TeamRole | null {
  const membership = state.members.get(userId);
  const joinedAt = facts.orgMembers.get(userId);
  if (!membership || joinedAt === undefined) return null;
  if (membership.since !== undefined && membership.since < joinedAt) return null;
  return membership.role;
}

function requireTeam(state: TeamState, organizationId: string): string {
  requireActiveIn(state, organizationId, 'team not found');
  return state.teamId!;
}

function requireOrgMembers(facts: OrgFacts, field: string, userIds: Iterable<string>): void {
  const outsiders = [...userIds].filter((id) => !facts.orgMembers.has(id));
  if (outsiders.length > 0) throw invalid(`${field}: not members of the organization: ${outsiders.join(', ')}`);
}

const actorPermissions = (state: TeamState, facts: OrgFacts) =>
  teamPermissions(facts.actorRole, effectiveRole(state, facts, facts.actorId));

const requireAdmin = (state: TeamState, facts: OrgFacts) => {
  if (!actorPermissions(state, facts).admin) throw forbidden('only organization admins can manage teams');
};

/** Org admins, and the team's own owners, may change who is in a team. */
function requireTeamManager(state: TeamState, facts: OrgFacts): void {
  if (!actorPermissions(state, facts).manageMembers) throw forbidden('only organization admins and team owners can manage team members');
}

export function decideTeam(state: TeamState, command: TeamCommand, facts: OrgFacts): TeamEvent[] {
  const { organizationId } = command;
  switch (command.type) {
    case 'CreateTeam': {
      requireAdmin(state, facts);
      if (state.status !== 'none') throw conflict('team already exists');
      const { teamId, title } = command;
      const members = [...new Set(command.members)];
      requireOrgMembers(facts, 'members', members);
      return [
        { type: 'TeamCreated', data: { organizationId, teamId, title } },
        ...members.map((userId): TeamEvent => ({ type: 'TeamMemberAdded', data: { organizationId, teamId, userId, role: 'member' } })),
      ];
    }
    case 'RenameTeam': {
      const teamId = requireTeam(state, organizationId);
      requireAdmin(state, facts);
      if (state.title === command.title) return [];
      return [{ type: 'TeamRenamed', data: { organizationId, teamId, title: command.title } }];
    }
    case 'DeleteTeam': {
      const teamId = requireTeam(state, organizationId);
      requireAdmin(state, facts);
      return [{ type: 'TeamDeleted', data: { organizationId, teamId } }];
    }
    case 'UpdateTeamMembers': {
      const teamId = requireTeam(state, organizationId);
      requireTeamManager(state, facts);
      const removed = new Set(command.remove);
      const adding = [...new Set(command.add)].filter((id) => !removed.has(id));
      requireOrgMembers(facts, 'add', adding);
      const roles = new Map<string, TeamRole | null>();
      for (const userId of new Set([...adding, ...command.roles.keys(), ...removed]))
        roles.set(userId, effectiveRole(state, facts, userId));
      const events: TeamEvent[] = [];
      for (const userId of adding) {
        if (roles.get(userId) !== null) continue;
        const role = command.roles.get(userId) ?? 'member';
        roles.set(userId, role);
        events.push({ type: 'TeamMemberAdded', data: { organizationId, teamId, userId, role } });
      }
      for (const [userId, role] of command.roles) {
        if (removed.has(userId)) continue;
        const current = roles.get(userId);
        if (current === null || current === undefined) throw invalid(`memberships: ${userId} is not a member of this team`);
        if (current === role) continue;
        roles.set(userId, role);
        events.push({ type: 'TeamMemberRoleChanged', data: { organizationId, teamId, userId, role } });
      }
      for (const userId of removed) {
        if (roles.get(userId) === null) continue;
        events.push({ type: 'TeamMemberRemoved', data: { organizationId, teamId, userId } });
      }
      return events;
    }
    case 'SetTeamMember': {
      const teamId = requireTeam(state, organizationId);
      requireTeamManager(state, facts);
      const { userId, role } = command;
      requireOrgMembers(facts, 'userId', [userId]);
      const current = effectiveRole(state, facts, userId);
      if (current === role) return [];
      if (current === null) return [{ type: 'TeamMemberAdded', data: { organizationId, teamId, userId, role } }];
      return [{ type: 'TeamMemberRoleChanged', data: { organizationId, teamId, userId, role } }];
    }
    case 'RemoveTeamMember': {
      const teamId = requireTeam(state, organizationId);
      requireTeamManager(state, facts);
      if (effectiveRole(state, facts, command.userId) === null) throw notFound('team member not found');
      return [{ type: 'TeamMemberRemoved', data: { organizationId, teamId, userId: command.userId } }];
    }
  }
}

/** A team of an organization: its title and memberships, in stream `team-<teamId>`. */
export const teamAggregate: Aggregate<TeamState, TeamCommand, TeamEvent, OrgFacts> = {
  category: 'team',
  initialState: initialTeamState,
  evolve: evolveTeam,
  decide: decideTeam,
  schemaVersions: { TeamCreated: 1, TeamRenamed: 1, TeamDeleted: 1, TeamMemberAdded: 1, TeamMemberRoleChanged: 1, TeamMemberRemoved: 1 },
};
