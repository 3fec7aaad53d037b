/**
 * `tokens revoke <id>`: revokes the API token with this id (see `tokens list`). ApiTokenRevoked is
 * an event, so the revocation survives restarts and replays; a running server refuses the token
 * (401) within a second. Revoking a revoked token changes nothing and succeeds. Unknown id: exit 1.
 *
 * Wiring (apps/cli/run-cli.ts, commander):
 *   tokens.command('revoke').argument('<id>', 'the token id (tokens list shows it)')
 *     .description('revoke an API token; a running server refuses it within a second')
 *     .addHelpText('after', '\nExample:\n  npm run -s cli -- tokens revoke 3kT9xq0bB2mV7cLwZr1e')
 *     .action(async (id) => { process.exitCode = await tokensRevoke({ id }, io); });
 * where `io` is a CommandIo (tokens-shared.ts).
 */
import { revokeApiToken } from '@docs/organizations/tokens';
import { cliContext, CommandIo, exitCodeOf, TokenUsageError, withTokenStores } from './tokens-shared';

export interface TokensRevokeArgs {
  /** The token id. */
  id: string;
}

export async function tokensRevoke(args: TokensRevokeArgs, io: CommandIo): Promise<number> {
  return exitCodeOf(io, async () => {
    const id = args.id?.trim();
    if (!id) throw new TokenUsageError('tokens revoke needs the id of a token (see tokens list)');
    await withTokenStores(io, async (stores) => {
      const { token, revoked } = await revokeApiToken(stores, id, cliContext(io));
      io.line(JSON.stringify({ ...token, alreadyRevoked: !revoked }));
      io.error(
        revoked
          ? `Revoked token ${token.id} ("${token.name}" of ${token.email ?? token.userId}): a running server refuses it within a second.`
          : `Token ${token.id} was already revoked (${token.revokedAt}); nothing changed.`,
      );
    });
  });
}
