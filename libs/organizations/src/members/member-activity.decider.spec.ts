import { streamOf } from '@docs/kernel';
import { deciderSpec } from '@docs/kernel/testing';
import {
  MemberActivityCommand,
  memberActivityAggregate,
  memberActivityId,
  MemberSeen,
  SEEN_RESOLUTION_MS,
} from './member-activity.decider';

const activity = deciderSpec(memberActivityAggregate);
const seen = (seenAt: string): MemberSeen => ({ type: 'MemberSeen', data: { organizationId: 'o', userId: 'u', seenAt } });
const ping = (at: string): MemberActivityCommand => ({ type: 'PingOrganization', organizationId: 'o', userId: 'u', at });

describe('member activity decider', () => {
  it('records the first sighting', () => {
    activity
      .given([])
      .when(ping('2025-01-01T10:00:00.000Z'))
      .then([seen('2025-01-01T10:00:00.000Z')]);
  });

  it('records nothing for pings within the resolution, and the next one after it', () => {
    const state = activity.given([seen('2025-01-01T10:00:00.000Z')]);
    state.when(ping('2025-01-01T10:00:59.999Z')).thenNothing();
    const later = new Date(Date.parse('2025-01-01T10:00:00.000Z') + SEEN_RESOLUTION_MS).toISOString();
    state.when(ping(later)).then([seen(later)]);
  });

  it('keeps each member in a stream of its own', () => {
    expect(streamOf(memberActivityAggregate, memberActivityId('org', 'user'))).toBe('memberActivity-org.user');
  });
});
