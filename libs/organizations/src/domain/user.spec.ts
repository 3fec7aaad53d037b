import { deciderSpec } from '@docs/kernel/testing';
import { ApiTokenIssued, userAggregate, userIdForEmail, UserRegistered } from './user';

const registered: UserRegistered = { type: 'UserRegistered', data: { userId: 'u1', email: 'ann@acme.test', displayName: 'Ann' } };
const issued: ApiTokenIssued = { type: 'ApiTokenIssued', data: { userId: 'u1', tokenId: 't1', tokenHash: 'h1', name: 'cli' } };
const issue = { type: 'IssueApiToken' as const, userId: 'u1', tokenId: 't1', tokenHash: 'h1', name: 'cli' };
const user = deciderSpec(userAggregate);

describe('user aggregate', () => {
  it('registers a user, normalising the address and defaulting the name to its local part', () => {
    user
      .given([])
      .when({ type: 'RegisterUser', userId: 'u1', email: ' Ann@Acme.TEST ', displayName: '' })
      .then([{ type: 'UserRegistered', data: { userId: 'u1', email: 'ann@acme.test', displayName: 'ann' } }]);
  });

  it('registers a user once', () => {
    user.given([registered]).when({ type: 'RegisterUser', userId: 'u1', email: 'ann@acme.test', displayName: 'Ann' }).thenNothing();
  });

  it('rejects an address that is not one', () => {
    user.given([]).when({ type: 'RegisterUser', userId: 'u1', email: 'nope', displayName: '' }).thenFails('invalid', /email/);
  });

  it('issues tokens to registered users only', () => {
    user.given([]).when(issue).thenFails('invalid', /registered/);
    user.given([registered]).when(issue).then([issued]);
  });

  it('issues each token hash once', () => {
    user.given([registered, issued]).when(issue).thenFails('conflict', /already/);
  });

  it('derives one user id per address, whatever its case', () => {
    expect(userIdForEmail('Ann@Acme.test')).toBe(userIdForEmail('ann@acme.test'));
    expect(userIdForEmail('ann@acme.test')).not.toBe(userIdForEmail('bob@acme.test'));
    expect(userIdForEmail('ann@acme.test')).toMatch(/^[A-Za-z0-9]{20}$/);
  });
});
