import {
  EventStore,
  everyItem,
  notFound,
  ProjectionRegistry,
  ReadModels,
  ReadStore,
  RecordedEvent,
  TokenUsageStore,
} from '@docs/platform/operations';
import { CommandContext, WriteKit } from '@docs/platform/write';
import { UserRegistered } from '../user.decider';
import { usersProjection } from '../users.projection';
import { ApiTokenDoc, tokenDocAfter, USERS, UsersReadModel } from '../users.read-model';
import { UserWriter } from '../user-writer';

/**
 * The token lifecycle for tools that work on the stores without the server's modules (the operator
 * CLI, tests): list, revoke. Secrets never appear here: only their hashes are stored, and these
 * views leave even the hashes out.
 */
export interface TokenStores {
  events: EventStore;
  readStore: ReadStore;
  /** Where last uses are noted (`openTokenUsageStore(config)`); without it, lastUsedAt is null. */
  tokenUsage?: TokenUsageStore | null;
}

export type ApiTokenStatus = 'active' | 'expired' | 'revoked';

/** One API token as operators see it. */
export interface ApiTokenView {
  /** The token id (what `tokens revoke` takes). */
  id: string;
  name: string;
  userId: string;
  /** The holder's e-mail address (null if the user is unknown, which does not happen in practice). */
  email: string | null;
  createdAt: string;
  /** The last minute it let a request in; null: never (or not since usage tracking began). */
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  status: ApiTokenStatus;
}

const PAGE = 1000;
const TOKEN_EVENTS = new Set(['ApiTokenIssued', 'ApiTokenRevoked']);

export function tokenStatus(token: Pick<ApiTokenDoc, 'revokedAt' | 'expiresAt'>, now: Date): ApiTokenStatus {
  if (token.revokedAt !== null) return 'revoked';
  if (token.expiresAt !== null && Date.parse(token.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}

/**
 * Every token document and the holders' e-mail addresses as of the head of the log: the users
 * read model where its projection (this version) has got to, plus the token and user events after
 * its checkpoint folded on top, with the projection's own `tokenDocAfter`. So the CLI reads its
 * own writes (a token it just issued or revoked) whether or not a server is running to project them.
 */
async function tokensAtHead(stores: TokenStores): Promise<{ tokens: Map<string, ApiTokenDoc>; emails: Map<string, string> }> {
  const tokens = new Map<string, ApiTokenDoc>();
  const emails = new Map<string, string>();
  const readModels = new ReadModels(stores.readStore, new ProjectionRegistry([usersProjection]));
  const state = await stores.readStore.getProjectionState(usersProjection.name);
  const projected = state !== null && state.version === usersProjection.version;
  if (projected) {
    const users = new UsersReadModel(readModels);
    for (const t of await everyItem((page) => users.tokens(page), PAGE)) tokens.set(t.id, t);
  }
  // Documents read after the checkpoint may already include some of these events: applying one again changes nothing.
  let cursor = projected ? state.checkpoint : null;
  for (;;) {
    const batch: RecordedEvent[] = await stores.events.readAll(cursor, PAGE);
    if (batch.length === 0) break;
    for (const event of batch) {
      if (TOKEN_EVENTS.has(event.type)) {
        const e = event as unknown as Parameters<typeof tokenDocAfter>[1];
        const next = tokenDocAfter(tokens.get(e.data.tokenHash) ?? null, e);
        if (next) tokens.set(next.id, next);
      } else if (event.type === 'UserRegistered') {
        const { userId, email } = (event as unknown as UserRegistered).data;
        emails.set(userId, email);
      }
    }
    cursor = batch[batch.length - 1]!.position;
  }
  const unknown = [...new Set([...tokens.values()].map((t) => t.userId))].filter((id) => !emails.has(id));
  if (projected && unknown.length > 0) {
    for (const user of await readModels.getMany(USERS, unknown)) emails.set(user.id, user.email);
  }
  return { tokens, emails };
}

/** Every API token (revoked and expired ones included, with their status), oldest first. Never a secret. */
export async function listApiTokens(stores: TokenStores, options: { now?: Date } = {}): Promise<ApiTokenView[]> {
  const now = options.now ?? new Date();
  const { tokens, emails } = await tokensAtHead(stores);
  const docs = [...tokens.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.tokenId.localeCompare(b.tokenId));
  const lastUsed = stores.tokenUsage ? await stores.tokenUsage.lastUsed(docs.map((t) => t.tokenId)) : new Map<string, string>();
  return docs.map((t) => ({
    id: t.tokenId,
    name: t.name,
    userId: t.userId,
    email: emails.get(t.userId) ?? null,
    createdAt: t.createdAt,
    lastUsedAt: lastUsed.get(t.tokenId) ?? null,
    expiresAt: t.expiresAt,
    revokedAt: t.revokedAt,
    status: tokenStatus(t, now),
  }));
}

export interface RevokedToken {
  token: ApiTokenView;
  /** False when the token was already revoked (nothing was written). */
  revoked: boolean;
  /** Where ApiTokenRevoked was appended (null if nothing was). */
  position: bigint | null;
}

/**
 * Revokes the token with this id (ApiTokenRevoked, in its holder's stream): a running server
 * refuses it within a second, and so does every later start, since the revocation is an event.
 * Revoking a revoked token writes nothing. An unknown id is a not_found DomainError.
 */
export async function revokeApiToken(stores: TokenStores, tokenId: string, ctx: CommandContext): Promise<RevokedToken> {
  const before = (await listApiTokens(stores)).find((t) => t.id === tokenId);
  if (!before) throw notFound(`token ${tokenId} not found (see tokens list)`);
  const writer = new UserWriter(new WriteKit(stores.events, null));
  const { position } = await writer.execute(before.userId, { type: 'RevokeApiToken', userId: before.userId, tokenId }, ctx);
  if (position === null) return { token: before, revoked: false, position };
  const after = (await listApiTokens(stores)).find((t) => t.id === tokenId) ?? before;
  return { token: after, revoked: true, position };
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const DURATION = /^(\d+)(s|m|h|d|w)$/;
/** The longest lifetime `--expires-in` takes: ten years. */
export const MAX_TOKEN_LIFETIME_MS = 3650 * UNITS.d!;

/**
 * A token lifetime such as `90s`, `30m`, `12h`, `30d` or `2w`, in milliseconds; also several
 * parts (`1d12h`). Throws an Error saying what is accepted otherwise.
 */
export function parseTokenLifetime(text: string): number {
  const parts = text
    .trim()
    .toLowerCase()
    .match(/\d+[a-z]/g);
  const usage = `--expires-in: "${text}" is not a duration: use a number and a unit, s, m, h, d or w (90m, 12h, 30d, 2w, 1d12h)`;
  if (!parts || parts.join('') !== text.trim().toLowerCase()) throw new Error(usage);
  let ms = 0;
  for (const part of parts) {
    const match = DURATION.exec(part);
    if (!match) throw new Error(usage);
    ms += Number(match[1]) * UNITS[match[2]!]!;
  }
  if (ms <= 0) throw new Error(`--expires-in: "${text}" must be longer than zero`);
  if (ms > MAX_TOKEN_LIFETIME_MS) throw new Error(`--expires-in: "${text}" is longer than ten years`);
  return ms;
}
