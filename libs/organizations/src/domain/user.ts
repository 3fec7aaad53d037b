import { Aggregate, DomainEvent, Recorded, conflict, idFromSeed, invalid } from '@docs/kernel';

/** Users are keyed by their e-mail address: the id derives from it, so one address is one user. */
export const userIdForEmail = (email: string) => idFromSeed(`user:${email.trim().toLowerCase()}`);

export type UserRegistered = DomainEvent<'UserRegistered', { userId: string; email: string; displayName: string }>;
export type ApiTokenIssued = DomainEvent<'ApiTokenIssued', { userId: string; tokenId: string; tokenHash: string; name: string }>;
export type UserEvent = UserRegistered | ApiTokenIssued;

export interface UserState {
  registered: boolean;
  tokenHashes: ReadonlySet<string>;
}

export type UserCommand =
  | { type: 'RegisterUser'; userId: string; email: string; displayName: string }
  | { type: 'IssueApiToken'; userId: string; tokenId: string; tokenHash: string; name: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function evolveUser(state: UserState, event: Recorded<UserEvent>): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...state, registered: true };
    case 'ApiTokenIssued':
      return { ...state, tokenHashes: new Set([...state.tokenHashes, event.data.tokenHash]) };
  }
}

function decideUser(state: UserState, command: UserCommand): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.registered) return [];
      const email = command.email.trim().toLowerCase();
      if (!EMAIL.test(email)) throw invalid(`email: "${command.email}" is not an e-mail address`);
      return [{ type: 'UserRegistered', data: { userId: command.userId, email, displayName: command.displayName.trim() || email.split('@')[0]! } }];
    }
    case 'IssueApiToken': {
      if (!state.registered) throw invalid('a token can only be issued to a registered user');
      if (state.tokenHashes.has(command.tokenHash)) throw conflict('this token is already issued');
      const { userId, tokenId, tokenHash, name } = command;
      return [{ type: 'ApiTokenIssued', data: { userId, tokenId, tokenHash, name } }];
    }
  }
}

/** A user and the hashes of their API tokens, in stream `user-<userId>`. */
export const userAggregate: Aggregate<UserState, UserCommand, UserEvent> = {
  category: 'user',
  initialState: () => ({ registered: false, tokenHashes: new Set() }),
  evolve: evolveUser,
  decide: decideUser,
  schemaVersions: { UserRegistered: 1, ApiTokenIssued: 1 },
};
