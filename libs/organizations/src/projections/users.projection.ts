import { defineProjection } from '@docs/platform';
import { UserEvent } from '../domain/user';
import { API_TOKENS, USERS } from './users.read-model';

/** Users and the hashes of their API tokens (the auth guard looks tokens up here). */
export const usersProjection = defineProjection<UserEvent>({
  name: 'users',
  version: 1,
  collections: [USERS, API_TOKENS],
  applyReadsByIdOnly: true,
  on: {
    UserRegistered({ data: { userId, email, displayName }, metadata: { occurredAt } }, w) {
      w.put(USERS, { id: userId, email, displayName, createdAt: occurredAt });
    },
    ApiTokenIssued({ data: { userId, tokenId, tokenHash, name }, metadata: { occurredAt } }, w) {
      w.put(API_TOKENS, { id: tokenHash, tokenId, userId, name, createdAt: occurredAt });
    },
  },
});
