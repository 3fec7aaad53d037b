/**
 * `tokens create --email E [--name N] [--expires-in D]`: creates the user behind E if absent and
 * prints a new API token once, as one JSON line on stdout (`{ userId, tokenId, token, expiresAt }`),
 * so `npm run -s cli -- tokens create --email E | jq -r .token` gives the secret alone. Only its
 * hash is stored. D is a lifetime: 90m, 12h, 30d, 2w, 1d12h (at most ten years); without it the
 * token never expires. A running server accepts the token within a second.
 *
 * Wiring (apps/cli/run-cli.ts, commander):
 *   tokens.command('create').description('create the user if absent and print a new API token (shown once)')
 *     .requiredOption('--email <email>', "the holder's e-mail address")
 *     .option('--name <name>', 'what the token is for', 'cli')
 *     .option('--expires-in <duration>', 'lifetime: 90m, 12h, 30d, 2w (default: never expires)')
 *     .addHelpText(
 *       'after',
 *       '\nExample:\n  export TOKEN=$(npm run -s cli -- tokens create --email you@example.com --expires-in 30d | jq -r .token)',
 *     )
 *     .action(async (opts) => {
 *       process.exitCode = await tokensCreate({ email: opts.email, name: opts.name, expiresIn: opts.expiresIn }, io);
 *     });
 * where `io` is a CommandIo (tokens-shared.ts).
 */
import { issueApiToken, parseTokenLifetime } from '@docs/organizations';
import { DomainError } from '@docs/platform/operations';
import { cliContext, CommandIo, exitCodeOf, TokenUsageError, withTokenStores } from './tokens-shared';

export interface TokensCreateArgs {
  email: string;
  /** The token's name (default `cli`). */
  name?: string;
  /** A lifetime such as `30d`; none: the token never expires. */
  expiresIn?: string;
  /** The user's display name, when the user is created now. */
  displayName?: string;
}

/** The domain names the field (`email: ...`); the CLI names its option (`--email: ...`). */
const asOption = (message: string) => message.replace(/^(email|name):/, '--$1:');

export async function tokensCreate(args: TokensCreateArgs, io: CommandIo, now: () => number = Date.now): Promise<number> {
  return exitCodeOf(io, async () => {
    if (!args.email?.trim()) throw new TokenUsageError('tokens create needs --email');
    let expiresAt: string | undefined;
    if (args.expiresIn !== undefined) {
      try {
        expiresAt = new Date(now() + parseTokenLifetime(args.expiresIn)).toISOString();
      } catch (error) {
        throw new TokenUsageError((error as Error).message);
      }
    }
    await withTokenStores(io, async ({ events }) => {
      const issued = await issueApiToken(
        events,
        {
          email: args.email.trim(),
          tokenName: args.name ?? 'cli',
          ...(args.displayName ? { displayName: args.displayName } : {}),
          ...(expiresAt ? { expiresAt } : {}),
        },
        cliContext(io),
      ).catch((error: unknown) => {
        // A value the user model refuses (not an e-mail address, an empty name) is a wrong command line.
        if (error instanceof DomainError && error.kind === 'invalid') throw new TokenUsageError(asOption(error.message));
        throw error;
      });
      io.line(JSON.stringify({ userId: issued.userId, tokenId: issued.tokenId, token: issued.token, expiresAt: issued.expiresAt }));
      io.error(
        `The token is shown once; only its hash is stored. A running server accepts it within a ` +
          `second${issued.expiresAt ? `, until ${issued.expiresAt}` : ''}.`,
      );
    });
  });
}
