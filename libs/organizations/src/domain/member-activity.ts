import { Decider, DomainEvent } from '@docs/kernel';

/**
 * When members were last seen. Pings are frequent, so they live in a stream per member
 * (`memberActivity-<organizationId>.<userId>`) rather than in the organization's stream: the
 * organization aggregate stays small, and a ping never conflicts with membership changes.
 */
export const memberActivityStream = (organizationId: string, userId: string) => `memberActivity-${organizationId}.${userId}`;

/** Pings closer together than this record nothing new: lastSeenAt is precise to a minute, the stream grows slowly. */
export const SEEN_RESOLUTION_MS = 60_000;

export type MemberSeen = DomainEvent<'MemberSeen', { organizationId: string; userId: string; seenAt: string }>;
export type MemberActivityEvent = MemberSeen;
export const MEMBER_ACTIVITY_EVENT_TYPES = ['MemberSeen'] as const;

export interface MemberActivityState {
  lastSeenAt: string | null;
}

export type MemberActivityCommand = { type: 'RecordMemberSeen'; organizationId: string; userId: string; at: string };

export const memberActivityDecider: Decider<MemberActivityState, MemberActivityCommand, MemberActivityEvent> = {
  initialState: () => ({ lastSeenAt: null }),
  evolve: (state, event) => (event.type === 'MemberSeen' ? { lastSeenAt: event.data.seenAt } : state),
  decide: (state, command) => {
    const { organizationId, userId, at } = command;
    if (state.lastSeenAt !== null && Date.parse(at) - Date.parse(state.lastSeenAt) < SEEN_RESOLUTION_MS) return [];
    return [{ type: 'MemberSeen', data: { organizationId, userId, seenAt: at } }];
  },
};
