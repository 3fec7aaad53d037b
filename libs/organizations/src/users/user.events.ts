import type { DomainEvent } from '@docs/kernel';

/** What happens to a user and their API tokens (stream `user-<userId>`). */

export type UserRegistered = DomainEvent<'UserRegistered', { userId: string; email: string; displayName: string }>;

/**
 * `expiresAt` (ISO time) is optional: absent means the token never expires, which is what every
 * token issued before expiry existed meant, so the field was added without a new schema version.
 */
export type ApiTokenIssued = DomainEvent<
  'ApiTokenIssued',
  { userId: string; tokenId: string; tokenHash: string; name: string; expiresAt?: string }
>;

/** The token is refused from now on. Carries the hash so read models keyed by it need no lookup. */
export type ApiTokenRevoked = DomainEvent<'ApiTokenRevoked', { userId: string; tokenId: string; tokenHash: string }>;
export type UserEvent = UserRegistered | ApiTokenIssued | ApiTokenRevoked;
