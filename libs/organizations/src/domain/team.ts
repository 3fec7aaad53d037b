import { Decider, DomainEvent, conflict, invalid, notFound } from '@docs/platform';

export const teamStream = (teamId: string) => `team-${teamId}`;

export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export type TeamCreated = DomainEvent<'TeamCreated', { organizationId: string; teamId: string; title: string }>;
export type TeamRenamed = DomainEvent<'TeamRenamed', { organizationId: string; teamId: string; title: string }>;
export type TeamDeleted = DomainEvent<'TeamDeleted', { organizationId: string; teamId: string }>;
export type TeamMemberAdded = DomainEvent<'TeamMemberAdded', { organizationId: string; teamId: string; userId: string; role: TeamRole }>;
export type TeamMemberRoleChanged = DomainEvent<'TeamMemberRoleChanged', { organizationId: string; teamId: string; userId: string; role: TeamRole }>;
export type TeamMemberRemoved = DomainEvent<'TeamMemberRemoved', { organizationId: string; teamId: string; userId: string }>;

export type TeamEvent = TeamCreated | TeamRenamed | TeamDeleted | TeamMemberAdded | TeamMemberRoleChanged | TeamMemberRemoved;

export const TEAM_EVENT_TYPES = ['TeamCreated', 'TeamRenamed', 'TeamDeleted', 'TeamMemberAdded', 'TeamMemberRoleChanged', 'TeamMemberRemoved'] as const;

export interface TeamState {
  status: 'none' | 'active' | 'deleted';
  organizationId?: string;
  title?: string;
  members: Map<string, TeamRole>;
}

/**
 * Team commands. Authorization (org admin, or team owner for membership changes) and "is an org
 * member" checks are made by the handlers against the organization's read model before deciding;
 * the decider owns the team's own invariants.
 */
export type TeamCommand =
  | { type: 'CreateTeam'; organizationId: string; teamId: string; title: string; members: string[] }
  | { type: 'RenameTeam'; organizationId: string; title: string }
  | { type: 'DeleteTeam'; organizationId: string }
  | {
      type: 'ChangeTeamMembers';
      organizationId: string;
      add: string[];
      remove: string[];
      roles: Record<string, TeamRole>;
    }
  | { type: 'SetTeamMemberRole'; organizationId: string; userId: string; role: TeamRole }
  | { type: 'RemoveTeamMember'; organizationId: string; userId: string }
  /** The organization removed this user: drop them from the team (no error when not a member). */
  | { type: 'DropTeamMember'; organizationId: string; userId: string };

export function initialTeamState(): TeamState {
  return { status: 'none', members: new Map() };
}

export function evolveTeam(state: TeamState, event: TeamEvent): TeamState {
  switch (event.type) {
    case 'TeamCreated':
      return { status: 'active', organizationId: event.data.organizationId, title: event.data.title, members: new Map() };
    case 'TeamRenamed':
      return { ...state, title: event.data.title };
    case 'TeamDeleted':
      return { ...state, status: 'deleted' };
    case 'TeamMemberAdded':
    case 'TeamMemberRoleChanged': {
      const members = new Map(state.members);
      members.set(event.data.userId, event.data.role);
      return { ...state, members };
    }
    case 'TeamMemberRemoved': {
      const members = new Map(state.members);
      members.delete(event.data.userId);
      return { ...state, members };
    }
  }
}

function requireTeam(state: TeamState, organizationId: string): void {
  if (state.status !== 'active' || state.organizationId !== organizationId) throw notFound('team not found');
}

export function decideTeam(state: TeamState, command: TeamCommand): TeamEvent[] {
  const { organizationId } = command;
  switch (command.type) {
    case 'CreateTeam': {
      if (state.status !== 'none') throw conflict('team already exists');
      const { teamId, title } = command;
      return [
        { type: 'TeamCreated', data: { organizationId, teamId, title } },
        ...[...new Set(command.members)].map(
          (userId): TeamEvent => ({ type: 'TeamMemberAdded', data: { organizationId, teamId, userId, role: 'member' } }),
        ),
      ];
    }
    case 'RenameTeam': {
      requireTeam(state, organizationId);
      if (state.title === command.title) return [];
      return [{ type: 'TeamRenamed', data: { organizationId, teamId: teamIdOf(state, command), title: command.title } }];
    }
    case 'DeleteTeam': {
      requireTeam(state, organizationId);
      return [{ type: 'TeamDeleted', data: { organizationId, teamId: teamIdOf(state, command) } }];
    }
    case 'ChangeTeamMembers': {
      requireTeam(state, organizationId);
      const teamId = teamIdOf(state, command);
      const removed = new Set(command.remove);
      const members = new Map(state.members);
      const events: TeamEvent[] = [];
      for (const userId of new Set(command.add)) {
        if (removed.has(userId) || members.has(userId)) continue;
        const role = command.roles[userId] ?? 'member';
        members.set(userId, role);
        events.push({ type: 'TeamMemberAdded', data: { organizationId, teamId, userId, role } });
      }
      for (const [userId, role] of Object.entries(command.roles)) {
        if (removed.has(userId)) continue;
        const current = members.get(userId);
        if (current === undefined) throw invalid(`memberships: ${userId} is not a member of this team`);
        if (current !== role) {
          members.set(userId, role);
          events.push({ type: 'TeamMemberRoleChanged', data: { organizationId, teamId, userId, role } });
        }
      }
      for (const userId of removed) {
        if (!members.has(userId)) continue;
        members.delete(userId);
        events.push({ type: 'TeamMemberRemoved', data: { organizationId, teamId, userId } });
      }
      return events;
    }
    case 'SetTeamMemberRole': {
      requireTeam(state, organizationId);
      const current = state.members.get(command.userId);
      if (current === undefined) throw notFound('team member not found');
      if (current === command.role) return [];
      return [{ type: 'TeamMemberRoleChanged', data: { organizationId, teamId: teamIdOf(state, command), userId: command.userId, role: command.role } }];
    }
    case 'RemoveTeamMember': {
      requireTeam(state, organizationId);
      if (!state.members.has(command.userId)) throw notFound('team member not found');
      return [{ type: 'TeamMemberRemoved', data: { organizationId, teamId: teamIdOf(state, command), userId: command.userId } }];
    }
    case 'DropTeamMember': {
      if (state.status !== 'active' || !state.members.has(command.userId)) return [];
      return [{ type: 'TeamMemberRemoved', data: { organizationId, teamId: teamIdOf(state, command), userId: command.userId } }];
    }
  }
}

/** The team id is not part of the state's events folded so far for every command; carry it in state. */
function teamIdOf(state: TeamState, _command: TeamCommand): string {
  return (state as TeamState & { teamId?: string }).teamId ?? '';
}

export const teamDecider: Decider<TeamState, TeamCommand, TeamEvent> = {
  initialState: initialTeamState,
  evolve: evolveTeam,
  decide: decideTeam,
};
