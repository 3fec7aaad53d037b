import { defineReadModel } from '@docs/platform';

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
