import { Projection, RecordedEvent } from '@docs/platform';
import { ApiTokenIssued, UserRegistered } from '../domain/user';
import { API_TOKENS, ApiTokenDoc, UserDoc, USERS } from './users.read-model';

/** Users and the hashes of their API tokens (the auth guard looks tokens up here). */
export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  collections: [USERS, API_TOKENS],
  handles: ['UserRegistered', 'ApiTokenIssued'],
  applyReadsByIdOnly: true,
  async apply(event: RecordedEvent, w) {
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, email, displayName } = (event as unknown as UserRegistered).data;
        w.put('users', { id: userId, email, displayName, createdAt: event.metadata.occurredAt } satisfies UserDoc);
        return;
      }
      case 'ApiTokenIssued': {
        const { userId, tokenId, tokenHash, name } = (event as unknown as ApiTokenIssued).data;
        w.put('api_tokens', { id: tokenHash, tokenId, userId, name, createdAt: event.metadata.occurredAt } satisfies ApiTokenDoc);
        return;
      }
    }
  },
};
