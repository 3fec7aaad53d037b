import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, hashToken, newId, newTokenSecret } from '@docs/platform';
import { userIdForEmail } from '../domain/user';
import { UserWriter } from './user-writer';

export interface IssuedToken {
  userId: string;
  tokenId: string;
  /** The secret; shown once, only its hash is stored. */
  token: string;
  /** Where the token was appended in the log (null if nothing was). */
  position: bigint | null;
}

export class IssueApiToken extends Command<IssuedToken> {
  constructor(
    readonly props: { email: string; displayName?: string; tokenName?: string; secret?: string },
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/**
 * Registers the user behind `email` when absent, then issues an API token. Used by the operator
 * CLI (`tokens create`) and by the first start with DOCS_BOOTSTRAP_TOKEN (which supplies `secret`).
 */
@CommandHandler(IssueApiToken)
export class IssueApiTokenHandler implements ICommandHandler<IssueApiToken> {
  constructor(private readonly users: UserWriter) {}

  async execute({ props: { email, displayName, tokenName, secret }, ctx }: IssueApiToken): Promise<IssuedToken> {
    const userId = userIdForEmail(email);
    await this.users.execute(userId, { type: 'RegisterUser', userId, email, displayName: displayName ?? '' }, ctx);
    const token = secret ?? newTokenSecret();
    const tokenId = newId();
    const { position } = await this.users.execute(userId, { type: 'IssueApiToken', userId, tokenId, tokenHash: hashToken(token), name: tokenName ?? 'API token' }, ctx);
    return { userId, tokenId, token, position };
  }
}
