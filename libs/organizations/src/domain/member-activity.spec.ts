import { memberActivityDecider, memberActivityStream, MemberSeen, SEEN_RESOLUTION_MS } from './member-activity';

const seen = (seenAt: string): MemberSeen => ({ type: 'MemberSeen', data: { organizationId: 'o', userId: 'u', seenAt } });
const given = (...events: MemberSeen[]) => events.reduce(memberActivityDecider.evolve, memberActivityDecider.initialState());
const ping = (at: string) => ({ type: 'RecordMemberSeen' as const, organizationId: 'o', userId: 'u', at });

describe('member activity decider', () => {
  it('records the first sighting', () => {
    expect(memberActivityDecider.decide(given(), ping('2025-01-01T10:00:00.000Z'))).toEqual([seen('2025-01-01T10:00:00.000Z')]);
  });

  it('records nothing for pings within the resolution, and the next one after it', () => {
    const state = given(seen('2025-01-01T10:00:00.000Z'));
    expect(memberActivityDecider.decide(state, ping('2025-01-01T10:00:59.999Z'))).toEqual([]);
    const later = new Date(Date.parse('2025-01-01T10:00:00.000Z') + SEEN_RESOLUTION_MS).toISOString();
    expect(memberActivityDecider.decide(state, ping(later))).toEqual([seen(later)]);
  });

  it('keeps each member in a stream of its own', () => {
    expect(memberActivityStream('org', 'user')).toBe('memberActivity-org.user');
  });
});
