import { Injectable } from '@nestjs/common';
import { defineReadModel, FindResult, notFound, ReadModels } from '@docs/platform';

/** The users read model: users, and the hashes of their API tokens (the auth guard looks tokens up here). */
export interface UserDoc {
  id: string;
  email: string;
  displayName: string;
  photoURL?: string;
  createdAt: string;
  [key: string]: unknown;
}

export interface ApiTokenDoc {
  /** The token's SHA-256 hash. */
  id: string;
  tokenId: string;
  userId: string;
  name: string;
  createdAt: string;
  [key: string]: unknown;
}

export const USERS = defineReadModel<UserDoc>({ name: 'users', indexes: ['email', 'createdAt'] });
export const API_TOKENS = defineReadModel<ApiTokenDoc>({ name: 'api_tokens', indexes: ['userId'] });

/** The queries over users and their tokens. */
@Injectable()
export class UsersReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The user; 404 when unknown. */
  async user(userId: string): Promise<UserDoc> {
    const user = await this.readModels.get(USERS, userId);
    if (!user) throw notFound('user not found');
    return user;
  }

  /** The holder of the API token with this hash, if it was issued. */
  async userIdForTokenHash(tokenHash: string): Promise<string | null> {
    return (await this.readModels.get(API_TOKENS, tokenHash))?.userId ?? null;
  }

  /** Every user, oldest first. */
  users(page: { after?: string; limit: number }): Promise<FindResult<UserDoc>> {
    return this.readModels.find(USERS, { sort: { field: 'createdAt', direction: 'asc' }, ...page });
  }
}
