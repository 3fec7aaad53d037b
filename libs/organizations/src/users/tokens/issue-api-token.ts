import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ContextCommand, hashToken, invalid, newId, newTokenSecret } from '@docs/platform';
import { userIdForEmail } from '../user.decider';
import { UserWriter } from '../user-writer';

export interface IssuedToken {
  userId: string;
  tokenId: string;
  /** The secret; shown once, only its hash is stored. */
  token: string;
  /** When the token stops working (ISO time); null: never. */
  expiresAt: string | null;
  /** Where the token was appended in the log (null if nothing was). */
  position: bigint | null;
}

/** `expiresAt`: an ISO time in the future after which the token is refused (none: it never expires). */
export class IssueApiToken extends ContextCommand<
  { email: string; displayName?: string; tokenName?: string; secret?: string; expiresAt?: string },
  IssuedToken
> {}

/**
 * Registers the user behind `email` when absent, then issues an API token. Used by the operator
 * CLI (`tokens create`) and by the first start with DOCS_BOOTSTRAP_TOKEN (which supplies `secret`).
 */
@CommandHandler(IssueApiToken)
export class IssueApiTokenHandler implements ICommandHandler<IssueApiToken> {
  constructor(private readonly users: UserWriter) {}

  async execute({ props: { email, displayName, tokenName, secret, expiresAt: until }, ctx }: IssueApiToken): Promise<IssuedToken> {
    if (until !== undefined && !(Date.parse(until) > Date.now())) throw invalid(`expiresAt: ${until} is not a time in the future`);
    const expiresAt = until === undefined ? undefined : new Date(until).toISOString();
    const userId = userIdForEmail(email);
    await this.users.execute(userId, { type: 'RegisterUser', userId, email, displayName: displayName ?? '' }, ctx);
    const token = secret ?? newTokenSecret();
    const tokenId = newId();
    const command = {
      type: 'IssueApiToken' as const,
      userId,
      tokenId,
      tokenHash: hashToken(token),
      name: tokenName ?? 'API token',
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    };
    const { position } = await this.users.execute(userId, command, ctx);
    return { userId, tokenId, token, expiresAt: expiresAt ?? null, position };
  }
}
