import { defineReadModel, Doc, FindResult, found, OLDEST_FIRST, Page, ReadModels, Provided } from '@docs/platform/projections';
import { ApiTokenIssued, ApiTokenRevoked } from './user.decider';

/** The users read model: users, and their API tokens by hash (the auth guard looks tokens up here). */
export interface UserDoc extends Doc {
  email: string;
  displayName: string;
  photoURL?: string;
  createdAt: string;
}

export interface ApiTokenDoc extends Doc {
  /** The token's SHA-256 hash (never the secret). */
  id: string;
  tokenId: string;
  userId: string;
  name: string;
  createdAt: string;
  /** When the token stops working; null: never. */
  expiresAt: string | null;
  /** When it was revoked; null while it is not. Revoked tokens stay listed, and are refused. */
  revokedAt: string | null;
}

export const USERS = defineReadModel<UserDoc>({ name: 'users', indexes: ['email', 'createdAt'] });
export const API_TOKENS = defineReadModel<ApiTokenDoc>({ name: 'api_tokens', indexes: ['userId', 'tokenId', 'createdAt'] });

export type ApiTokenEvent = ApiTokenIssued | ApiTokenRevoked;

/**
 * A token's document after one of its events (null: nothing to keep). The users projection and the
 * operator CLI's token list (which folds the events a projection has not applied yet on top of the
 * read model, application/api-tokens.ts) share it. Applying an event twice changes nothing.
 */
export function tokenDocAfter(doc: ApiTokenDoc | null, event: ApiTokenEvent & { metadata: { occurredAt: string } }): ApiTokenDoc | null {
  switch (event.type) {
    case 'ApiTokenIssued': {
      const { userId, tokenId, tokenHash, name, expiresAt } = event.data;
      return {
        id: tokenHash,
        tokenId,
        userId,
        name,
        createdAt: event.metadata.occurredAt,
        expiresAt: expiresAt ?? null,
        revokedAt: doc?.revokedAt ?? null,
      };
    }
    case 'ApiTokenRevoked':
      return doc && { ...doc, revokedAt: doc.revokedAt ?? event.metadata.occurredAt };
  }
}

/** The queries over users and their tokens. */
@Provided()
export class UsersReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The user; 404 when unknown. */
  async user(userId: string): Promise<UserDoc> {
    return found(await this.readModels.get(USERS, userId), 'user not found');
  }

  /** Users by id (unknown ones left out). */
  usersById(ids: string[]): Promise<UserDoc[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.readModels.getMany(USERS, ids);
  }

  /** The API token with this hash, if it was issued (revoked and expired ones included). */
  tokenByHash(tokenHash: string): Promise<ApiTokenDoc | null> {
    return this.readModels.get(API_TOKENS, tokenHash);
  }

  /** The API token with this id, if the projection has applied its issue. */
  async tokenById(tokenId: string): Promise<ApiTokenDoc | null> {
    return (await this.readModels.find(API_TOKENS, { where: [{ field: 'tokenId', op: 'eq', value: tokenId }], limit: 1 })).items[0] ?? null;
  }

  /** Every API token, oldest first. */
  tokens(page: Page): Promise<FindResult<ApiTokenDoc>> {
    return this.readModels.find(API_TOKENS, { sort: OLDEST_FIRST, ...page });
  }

  /** Every user, oldest first. */
  users(page: Page): Promise<FindResult<UserDoc>> {
    return this.readModels.find(USERS, { sort: OLDEST_FIRST, ...page });
  }
}
