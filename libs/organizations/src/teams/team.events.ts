import type { DomainEvent } from '@docs/kernel';
import type { TeamRole } from './team.policy';

/** What happens to a team and its memberships (stream `team-<teamId>`). */

export type TeamCreated = DomainEvent<'TeamCreated', { organizationId: string; teamId: string; title: string }>;
export type TeamRenamed = DomainEvent<'TeamRenamed', { organizationId: string; teamId: string; title: string }>;
export type TeamDeleted = DomainEvent<'TeamDeleted', { organizationId: string; teamId: string }>;
export type TeamMemberAdded = DomainEvent<'TeamMemberAdded', { organizationId: string; teamId: string; userId: string; role: TeamRole }>;
export type TeamMemberRoleChanged = DomainEvent<
  'TeamMemberRoleChanged',
  { organizationId: string; teamId: string; userId: string; role: TeamRole }
>;
export type TeamMemberRemoved = DomainEvent<'TeamMemberRemoved', { organizationId: string; teamId: string; userId: string }>;
export type TeamEvent = TeamCreated | TeamRenamed | TeamDeleted | TeamMemberAdded | TeamMemberRoleChanged | TeamMemberRemoved;
