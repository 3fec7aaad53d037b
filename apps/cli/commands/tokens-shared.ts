/**
 * Shared by the `tokens` command handlers (tokens-create.ts, tokens-list.ts, tokens-revoke.ts).
 * Each handler is a plain `async (args, io) => exitCode`, independent of the argument parser: the
 * CLI's parser (commander) parses, then calls it. Exit codes: 0 done, 1 failed (unknown token,
 * unreachable store), 2 bad usage (a missing or malformed argument).
 */
import { hostname, userInfo } from 'node:os';
import { AppConfig, loadConfig, openStores, openTokenUsageStore, randomUUID, UpcasterRegistry } from '@docs/platform/operations';
import { TokenStores } from '@docs/organizations/tokens';

/** Where a handler writes and what it runs against. The CLI's existing `Output` (line/error) fits. */
export interface CommandIo {
  /** One line of the command's output (stdout). */
  line(text: string): void;
  /** One line of diagnostics or notes (stderr). */
  error(text: string): void;
  /** The configuration (DATA_DIR, EVENTSTORE_URL, MONGO_URL, ...); process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** True when stdout is a terminal: lists print a table instead of JSON lines. */
  isTTY?: boolean;
  /** The same, as the CLI's `Output` (apps/cli/output.ts) names it; either will do. */
  stdoutIsTTY?: boolean;
  /** Recorded as the events' actor; `cli:<os user>@<host>` by default. */
  actor?: string;
}

export class TokenUsageError extends Error {}

/** `cli:<os user>@<host>`: who wrote, in the events' metadata. */
export function operatorActor(): string {
  let user = process.env.USER ?? process.env.USERNAME ?? 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // no passwd entry (some containers): keep $USER
  }
  return `cli:${user}@${hostname()}`;
}

export const cliContext = (io: CommandIo) => ({ actor: io.actor ?? operatorActor(), correlationId: `cli-${randomUUID()}` });

/** Opens the stores the configuration names (and where token uses are noted), runs `work`, closes them. */
export async function withTokenStores<T>(io: CommandIo, work: (stores: TokenStores, config: AppConfig) => Promise<T>): Promise<T> {
  const config = loadConfig(io.env ?? process.env);
  const { events, readStore } = await openStores(config, new UpcasterRegistry());
  const tokenUsage = await openTokenUsageStore(config).catch(() => null);
  try {
    return await work({ events, readStore, tokenUsage }, config);
  } finally {
    await events.close();
    await readStore.close();
    await tokenUsage?.close();
  }
}

/** Runs a handler body: usage errors exit 2, other failures 1, each with one line on stderr. */
export async function exitCodeOf(io: CommandIo, body: () => Promise<void>): Promise<number> {
  try {
    await body();
    return 0;
  } catch (error) {
    io.error(`error: ${(error as Error).message}`);
    return error instanceof TokenUsageError ? 2 : 1;
  }
}

/** A plain-text table: a header row, then one row per item, columns padded to their widest cell. */
export function table(headers: string[], rows: string[][]): string[] {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  return [format(headers), ...rows.map(format)];
}
