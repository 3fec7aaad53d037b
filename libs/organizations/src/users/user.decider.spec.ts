import { deciderSpec } from '@docs/kernel/testing';
import { ApiTokenIssued, ApiTokenRevoked, userAggregate, userIdForEmail, UserRegistered } from './user.decider';

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
    user
      .given([])
      .when(issue)
      .thenFails('invalid', /registered/);
    user.given([registered]).when(issue).then([issued]);
  });

  it('issues each token hash once', () => {
    user
      .given([registered, issued])
      .when(issue)
      .thenFails('conflict', /already/);
  });

  it('issues a token with an expiry, and refuses an expiry that is not an ISO time', () => {
    user
      .given([registered])
      .when({ ...issue, expiresAt: '2030-01-01T00:00:00.000Z' })
      .then([{ type: 'ApiTokenIssued', data: { ...issued.data, expiresAt: '2030-01-01T00:00:00.000Z' } }]);
    user
      .given([registered])
      .when({ ...issue, expiresAt: 'next week' })
      .thenFails('invalid', /expiresAt/);
  });

  it('refuses an empty or overlong token name', () => {
    user
      .given([registered])
      .when({ ...issue, name: '  ' })
      .thenFails('invalid', /name/);
    user
      .given([registered])
      .when({ ...issue, name: 'x'.repeat(129) })
      .thenFails('invalid', /name/);
  });

  const revoked: ApiTokenRevoked = { type: 'ApiTokenRevoked', data: { userId: 'u1', tokenId: 't1', tokenHash: 'h1' } };
  const revoke = { type: 'RevokeApiToken' as const, userId: 'u1', tokenId: 't1' };

  it('revokes a token of the user, naming its hash', () => {
    user.given([registered, issued]).when(revoke).then([revoked]);
  });

  it('revokes a token once: revoking it again records nothing', () => {
    user.given([registered, issued, revoked]).when(revoke).thenNothing();
  });

  it('cannot revoke a token the user does not hold', () => {
    user.given([registered]).when(revoke).thenFails('not_found', /t1/);
    user
      .given([registered, issued])
      .when({ ...revoke, tokenId: 't2' })
      .thenFails('not_found', /t2/);
  });

  it('still refuses a revoked hash on issue', () => {
    user
      .given([registered, issued, revoked])
      .when(issue)
      .thenFails('conflict', /already/);
  });

  it('derives one user id per address, whatever its case', () => {
    expect(userIdForEmail('Ann@Acme.test')).toBe(userIdForEmail('ann@acme.test'));
    expect(userIdForEmail('ann@acme.test')).not.toBe(userIdForEmail('bob@acme.test'));
    expect(userIdForEmail('ann@acme.test')).toMatch(/^[A-Za-z0-9]{20}$/);
  });
});
