import { CommandContext, EventStore, handleCommand, hashToken, newId, newTokenSecret } from '@docs/platform';
import { userDecider, userIdForEmail, userStream } from '../domain/user';

export interface IssuedToken {
  userId: string;
  tokenId: string;
  /** The secret; shown once, only its hash is stored. */
  token: string;
  position: bigint | null;
}

/**
 * Registers the user behind `email` when absent, then issues an API token. Used by the operator
 * CLI (`tokens create`) and by the first start with DOCS_BOOTSTRAP_TOKEN (which supplies `secret`).
 */
export async function issueApiToken(
  events: EventStore,
  input: { email: string; displayName?: string; tokenName?: string; secret?: string },
  ctx: CommandContext,
): Promise<IssuedToken> {
  const userId = userIdForEmail(input.email);
  const stream = userStream(userId);
  await handleCommand(events, stream, userDecider, { type: 'RegisterUser', userId, email: input.email, displayName: input.displayName ?? '' }, ctx);
  const token = input.secret ?? newTokenSecret();
  const tokenId = newId();
  const { position } = await handleCommand(
    events,
    stream,
    userDecider,
    { type: 'IssueApiToken', userId, tokenId, tokenHash: hashToken(token), name: input.tokenName ?? 'API token' },
    ctx,
  );
  return { userId, tokenId, token, position };
}
