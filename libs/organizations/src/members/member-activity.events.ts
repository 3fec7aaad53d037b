import type { DomainEvent } from '@docs/kernel';

/** When a member was last seen in an organization (stream `memberActivity-<organizationId>.<userId>`). */

export type MemberSeen = DomainEvent<'MemberSeen', { organizationId: string; userId: string; seenAt: string }>;
export type MemberActivityEvent = MemberSeen;
