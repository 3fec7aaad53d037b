import { Injectable } from '@nestjs/common';
import { defineReadModel, Doc, FindResult, found, OLDEST_FIRST, Page, ReadModels } from '@docs/platform';

/** The users read model: users, and the hashes of their API tokens (the auth guard looks tokens up here). */
export interface UserDoc extends Doc {
  email: string;
  displayName: string;
  photoURL?: string;
  createdAt: string;
}

export interface ApiTokenDoc extends Doc {
  /** The token's SHA-256 hash. */
  id: string;
  tokenId: string;
  userId: string;
  name: string;
  createdAt: string;
}

export const USERS = defineReadModel<UserDoc>({ name: 'users', indexes: ['email', 'createdAt'] });
export const API_TOKENS = defineReadModel<ApiTokenDoc>({ name: 'api_tokens', indexes: ['userId'] });

/** The queries over users and their tokens. */
@Injectable()
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

  /** The holder of the API token with this hash, if it was issued. */
  async userIdForTokenHash(tokenHash: string): Promise<string | null> {
    return (await this.readModels.get(API_TOKENS, tokenHash))?.userId ?? null;
  }

  /** Every user, oldest first. */
  users(page: Page): Promise<FindResult<UserDoc>> {
    return this.readModels.find(USERS, { sort: OLDEST_FIRST, ...page });
  }
}
