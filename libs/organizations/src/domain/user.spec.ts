import { UserEvent, userDecider, userIdForEmail } from './user';

const given = (events: UserEvent[]) => events.reduce(userDecider.evolve, userDecider.initialState());
const registered: UserEvent = { type: 'UserRegistered', data: { userId: 'u1', email: 'ann@acme.test', displayName: 'Ann' } };

describe('user decider', () => {
  it('registers a user once, normalising the address', () => {
    expect(userDecider.decide(given([]), { type: 'RegisterUser', userId: 'u1', email: ' Ann@Acme.TEST ', displayName: '' })).toEqual([
      { type: 'UserRegistered', data: { userId: 'u1', email: 'ann@acme.test', displayName: 'ann' } },
    ]);
    expect(userDecider.decide(given([registered]), { type: 'RegisterUser', userId: 'u1', email: 'ann@acme.test', displayName: 'Ann' })).toEqual([]);
  });

  it('rejects an address that is not one', () => {
    expect(() => userDecider.decide(given([]), { type: 'RegisterUser', userId: 'u1', email: 'nope', displayName: '' })).toThrow(/email/);
  });

  it('issues tokens to registered users only, each hash once', () => {
    const issue = { type: 'IssueApiToken' as const, userId: 'u1', tokenId: 't1', tokenHash: 'h1', name: 'cli' };
    expect(() => userDecider.decide(given([]), issue)).toThrow(/registered/);
    const events = userDecider.decide(given([registered]), issue);
    expect(events).toEqual([{ type: 'ApiTokenIssued', data: { userId: 'u1', tokenId: 't1', tokenHash: 'h1', name: 'cli' } }]);
    expect(() => userDecider.decide(given([registered, ...events]), issue)).toThrow(/already/);
  });

  it('derives one user id per address, whatever its case', () => {
    expect(userIdForEmail('Ann@Acme.test')).toBe(userIdForEmail('ann@acme.test'));
    expect(userIdForEmail('ann@acme.test')).not.toBe(userIdForEmail('bob@acme.test'));
    expect(userIdForEmail('ann@acme.test')).toMatch(/^[A-Za-z0-9]{20}$/);
  });
});
