import { Aggregate } from '@docs/kernel';
import type { MemberActivityEvent } from './member-activity.events';

export type { MemberSeen, MemberActivityEvent } from './member-activity.events';

/** Pings closer together than this record nothing new: lastSeenAt is precise to a minute, the stream grows slowly. */
export const SEEN_RESOLUTION_MS = 60_000;

export interface MemberActivityState {
  lastSeenAt: string | null;
}

/** POST /v1/orgs/{organizationId}/ping: the member was seen `at`. */
export type MemberActivityCommand = { type: 'PingOrganization'; organizationId: string; userId: string; at: string };

/** The id of a member's activity: stream `memberActivity-<organizationId>.<userId>`. */
export const memberActivityId = (organizationId: string, userId: string) => `${organizationId}.${userId}`;

/**
 * When members were last seen. Pings are frequent, so they live in a stream per member rather than
 * in the organization's stream: the organization aggregate stays small, and a ping never conflicts
 * with membership changes.
 */
export const memberActivityAggregate: Aggregate<MemberActivityState, MemberActivityCommand, MemberActivityEvent> = {
  category: 'memberActivity',
  initialState: () => ({ lastSeenAt: null }),
  evolve: (state, event) => (event.type === 'MemberSeen' ? { lastSeenAt: event.data.seenAt } : state),
  decide: (state, { organizationId, userId, at }) => {
    if (state.lastSeenAt !== null && Date.parse(at) - Date.parse(state.lastSeenAt) < SEEN_RESOLUTION_MS) return [];
    return [{ type: 'MemberSeen', data: { organizationId, userId, seenAt: at } }];
  },
  schemaVersions: { MemberSeen: 1 },
};
