/**
 * `tokens list [--json]`: every API token with its name, owner, creation, last use, expiry and
 * status (active, expired, revoked), oldest first. Never a secret, nor a hash.
 *
 * Wiring (apps/cli/run-cli.ts, commander):
 *   tokens.command('list').description('list API tokens: name, owner, created, last used, expiry, status (never secrets)')
 *     .option('--json', 'JSON lines, also the default when stdout is not a terminal')
 *     .addHelpText('after', '\nExample:\n  npm run -s cli -- tokens list --json | jq -r .id')
 *     .action(async (opts) => { process.exitCode = await tokensList({ json: opts.json }, io); });
 * where `io` is a CommandIo (tokens-shared.ts): the CLI's Output ({ line, error, stdoutIsTTY }) plus `env` and `actor`.
 *
 * Reads its own writes: tokens created or revoked by the CLI show at once, with or without a
 * running server (listApiTokens folds the log past the read model's checkpoint).
 */
import { ApiTokenView, listApiTokens } from '@docs/organizations/tokens';
import { CommandIo, exitCodeOf, table, withTokenStores } from './tokens-shared';

export interface TokensListArgs {
  /** JSON lines even on a terminal. */
  json?: boolean;
}

const day = (iso: string | null) => (iso === null ? '-' : iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, 'Z'));

export function tokenRows(tokens: ApiTokenView[]): string[] {
  return table(
    ['ID', 'NAME', 'OWNER', 'CREATED', 'LAST USED', 'EXPIRES', 'STATUS'],
    tokens.map((t) => [
      t.id,
      t.name,
      t.email ?? t.userId,
      day(t.createdAt),
      t.lastUsedAt === null ? 'never' : day(t.lastUsedAt),
      t.expiresAt === null ? 'never' : day(t.expiresAt),
      t.status,
    ]),
  );
}

export async function tokensList(args: TokensListArgs, io: CommandIo): Promise<number> {
  return exitCodeOf(io, () =>
    withTokenStores(io, async (stores) => {
      const tokens = await listApiTokens(stores);
      if ((io.isTTY ?? io.stdoutIsTTY) && !args.json) {
        if (tokens.length === 0) io.error('no API tokens yet: create one with `npm run -s cli -- tokens create --email you@example.com`');
        else for (const row of tokenRows(tokens)) io.line(row);
      } else for (const t of tokens) io.line(JSON.stringify(t));
    }),
  );
}
