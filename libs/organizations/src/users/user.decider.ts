import { Aggregate, Recorded, conflict, idFromSeed, invalid, notFound } from '@docs/kernel';
import type { UserEvent } from './user.events';

export type { UserRegistered, ApiTokenIssued, ApiTokenRevoked, UserEvent } from './user.events';

/** Users are keyed by their e-mail address: the id derives from it, so one address is one user. */
export const userIdForEmail = (email: string) => idFromSeed(`user:${email.trim().toLowerCase()}`);

export interface UserToken {
  tokenHash: string;
  revoked: boolean;
}

export interface UserState {
  registered: boolean;
  tokenHashes: ReadonlySet<string>;
  /** The user's tokens by token id. */
  tokens: ReadonlyMap<string, UserToken>;
}

export type UserCommand =
  | { type: 'RegisterUser'; userId: string; email: string; displayName: string }
  | { type: 'IssueApiToken'; userId: string; tokenId: string; tokenHash: string; name: string; expiresAt?: string }
  | { type: 'RevokeApiToken'; userId: string; tokenId: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
export const TOKEN_NAME_MAX = 128;

function evolveUser(state: UserState, event: Recorded<UserEvent>): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...state, registered: true };
    case 'ApiTokenIssued': {
      const { tokenId, tokenHash } = event.data;
      return {
        ...state,
        tokenHashes: new Set([...state.tokenHashes, tokenHash]),
        tokens: new Map([...state.tokens, [tokenId, { tokenHash, revoked: false }]]),
      };
    }
    case 'ApiTokenRevoked': {
      const { tokenId, tokenHash } = event.data;
      return { ...state, tokens: new Map([...state.tokens, [tokenId, { tokenHash, revoked: true }]]) };
    }
  }
}

function decideUser(state: UserState, command: UserCommand): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.registered) return [];
      const email = command.email.trim().toLowerCase();
      if (!EMAIL.test(email)) throw invalid(`email: "${command.email}" is not an e-mail address`);
      return [
        {
          type: 'UserRegistered',
          data: { userId: command.userId, email, displayName: command.displayName.trim() || email.split('@')[0]! },
        },
      ];
    }
    case 'IssueApiToken': {
      if (!state.registered) throw invalid('a token can only be issued to a registered user');
      if (state.tokenHashes.has(command.tokenHash)) throw conflict('this token is already issued');
      const { userId, tokenId, tokenHash, expiresAt } = command;
      const name = command.name.trim();
      if (!name || name.length > TOKEN_NAME_MAX) throw invalid(`name: a token name is 1 to ${TOKEN_NAME_MAX} characters`);
      if (expiresAt !== undefined && (!ISO_TIME.test(expiresAt) || Number.isNaN(Date.parse(expiresAt)))) {
        throw invalid(`expiresAt: "${expiresAt}" is not an ISO time (YYYY-MM-DDTHH:MM:SS.sssZ)`);
      }
      return [{ type: 'ApiTokenIssued', data: { userId, tokenId, tokenHash, name, ...(expiresAt !== undefined ? { expiresAt } : {}) } }];
    }
    case 'RevokeApiToken': {
      const token = state.tokens.get(command.tokenId);
      if (!token) throw notFound(`token ${command.tokenId} not found`);
      if (token.revoked) return [];
      return [{ type: 'ApiTokenRevoked', data: { userId: command.userId, tokenId: command.tokenId, tokenHash: token.tokenHash } }];
    }
  }
}

/** A user and their API tokens (hashes, revocations), in stream `user-<userId>`. */
export const userAggregate: Aggregate<UserState, UserCommand, UserEvent> = {
  category: 'user',
  initialState: () => ({ registered: false, tokenHashes: new Set(), tokens: new Map() }),
  evolve: evolveUser,
  decide: decideUser,
  schemaVersions: { UserRegistered: 1, ApiTokenIssued: 1, ApiTokenRevoked: 1 },
};
