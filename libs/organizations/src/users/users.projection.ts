import { defineProjection } from '@docs/platform/projections';
import { UserEvent } from './user.decider';
import { API_TOKENS, tokenDocAfter, USERS } from './users.read-model';

/**
 * Users and their API tokens by hash (the auth guard looks tokens up here), issued and revoked.
 * v2: tokens carry expiresAt and revokedAt, and are indexed by token id and creation time.
 */
export const usersProjection = defineProjection<UserEvent>({
  name: 'users',
  version: 2,
  collections: [USERS, API_TOKENS],
  applyReadsByIdOnly: true,
  on: {
    UserRegistered({ data: { userId, email, displayName }, metadata: { occurredAt } }, w) {
      w.put(USERS, { id: userId, email, displayName, createdAt: occurredAt });
    },
    async ApiTokenIssued(event, w) {
      await w.update(API_TOKENS, event.data.tokenHash, (doc) => tokenDocAfter(doc, event));
    },
    async ApiTokenRevoked(event, w) {
      await w.update(API_TOKENS, event.data.tokenHash, (doc) => tokenDocAfter(doc, event));
    },
  },
});
