import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AppConfig, Clock } from '@docs/platform';
import { ProjectionWaitGate } from './projection-wait-gate';

/** The token of the owner every test application bootstraps with. */
export const OWNER_TOKEN = 'e2e-owner-token';

/** What a test may change in an application's configuration (plain JSON, so it crosses to a host). */
export type AppOverrides = Partial<AppConfig>;

/** An application running in this process: the one object both the in-process TestApp and the host use. */
export interface StartedApp {
  app: NestFastifyApplication;
  url: string;
  config: AppConfig;
  /** Issues an API token as the CLI's `tokens create` does (creating the user if absent), named and expiring as asked. */
  issueToken(input: TokenRequest): Promise<IssuedToken>;
  /** Revokes a token through the application's own stores, as the CLI's `tokens revoke` does. */
  revokeToken(tokenId: string): Promise<void>;
  /** What the application logged (log and warn, `level [context] message`) while it started, when asked for. */
  startLog: string[] | null;
  /** Appends events to a stream (expected revision: any) and waits until the named projections have them. */
  appendEvents(stream: string, events: NewEvent[], projections: string[]): Promise<{ position: string }>;
  /** A stream's events as JSON gives them (positions as strings). */
  readStream(stream: string): Promise<unknown[]>;
  /** The event store's head position (a string; null on an empty store). */
  eventHeadPosition(): Promise<string | null>;
  /** Makes the server read a projection's generation afresh (after `projections replay` switched it). */
  forgetGeneration(projection: string): void;
  /** The work pool's runs since the first call (which starts recording), in order: task name and key. */
  workRuns(): WorkRun[];
  /** Steers the application's next wait for its projections (see ProjectionWaitGate). */
  projectionWaits: ProjectionWaitGate;
  stop(): Promise<void>;
}

/** An event to append, as the event store takes it. */
export interface NewEvent {
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

/** A token to issue: its owner, and optionally its name and expiry (ISO 8601). */
export interface TokenRequest {
  email: string;
  displayName?: string;
  tokenName?: string;
  expiresAt?: string;
}

export interface IssuedToken {
  token: string;
  tokenId: string;
  userId: string;
  expiresAt: string | null;
}

/** One run asked of the work pool. */
export interface WorkRun {
  task: string;
  key: string | null;
}

/** Values as JSON carries them: bigint positions become strings. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? String(v) : v)));

/**
 * A real server on a random loopback port with a fresh temporary DATA_DIR (or the configured
 * EventStoreDB/MongoDB with `npm run test:servers`). The application's code is required here, not
 * imported at the top, so a test file that only talks HTTP to a shared host never loads it.
 */
/** The folder every test application's git sync may reach by file:// (bare repositories the suites make). */
export const E2E_GIT_ROOT = join(tmpdir(), 'docs-e2e-git');

export async function startApp(overrides: AppOverrides = {}, options: { clock?: Clock; startLog?: boolean } = {}): Promise<StartedApp> {
  const { Consistency, EventStore, loadConfig, ReadModels, ReadStore, TokenUsageStore, WorkPool } =
    require('@docs/platform') as typeof import('@docs/platform');
  const { issueApiToken, revokeApiToken } = require('@docs/organizations') as typeof import('@docs/organizations');
  const { createApp } = require('../../../../apps/api/create-app') as typeof import('../../../../apps/api/create-app');

  const dataDir = mkdtempSync(join(tmpdir(), 'docs-e2e-'));
  mkdirSync(E2E_GIT_ROOT, { recursive: true });
  const config: AppConfig = {
    ...loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'error' }),
    // Each app gets its own log (embedded, in its temporary DATA_DIR) so suites stay independent;
    // with MONGO_URL its read models go to a database of its own. The EventStoreDB adapter runs
    // the application in eventstoredb.e2e-spec.ts, whose assertions hold on a shared log.
    eventStoreUrl: null,
    mongoDb: `docs_e2e_${randomUUID().replace(/-/g, '')}`,
    bootstrapToken: OWNER_TOKEN,
    publicUrl: 'http://api.test',
    appUrl: 'http://app.test',
    // Git sync may reach file:// repositories under this folder only (GIT_SYNC_FILE_ROOTS; none outside tests).
    gitSyncFileRoots: [E2E_GIT_ROOT],
    ...overrides,
  };
  const startLog = options.startLog ? [] : null;
  // Its bootstrap runs when it starts listening.
  const app = await loggedTo(startLog, async () => {
    const created = await createApp(config, { clock: options.clock, verifyAnswers: true });
    await created.listen(0, '127.0.0.1');
    return created;
  });
  const { port } = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${port}`;

  const issue = async (input: TokenRequest & { secret?: string }) => {
    const issued = await issueApiToken(app.get(EventStore), input, { actor: 'system', correlationId: `e2e-${randomUUID()}` });
    await app.get(Consistency).waitFor(issued.position, ['users', 'organizations']);
    return issued;
  };
  // The bootstrap creates the owner on an empty store; against a shared EventStoreDB
  // (`npm run test:servers`) the log is not empty, so the owner token is issued here if missing.
  const owner = await fetch(`${url}/v1/user`, { headers: { authorization: `Bearer ${OWNER_TOKEN}` } });
  if (owner.status !== 200) await issue({ email: 'owner@docs.local', displayName: 'Owner', secret: OWNER_TOKEN }).catch(() => null);

  let workRuns: WorkRun[] | undefined;
  return {
    app,
    url,
    config,
    issueToken: async (input) => {
      const { token, tokenId, userId, expiresAt } = await issue(input);
      return { token, tokenId, userId, expiresAt: expiresAt ?? null };
    },
    revokeToken: async (tokenId) => {
      const stores = { events: app.get(EventStore), readStore: app.get(ReadStore), tokenUsage: app.get(TokenUsageStore) };
      await revokeApiToken(stores, tokenId, { actor: 'system', correlationId: `e2e-${randomUUID()}` });
    },
    startLog,
    appendEvents: async (stream, events, projections) => {
      const { position } = await app.get(EventStore).append(stream, events as never, 'any');
      await app.get(Consistency).waitFor(position, projections);
      return { position: String(position) };
    },
    readStream: async (stream) => asJson(await app.get(EventStore).readStream(stream)) as unknown[],
    eventHeadPosition: async () => {
      const head = await app.get(EventStore).headPosition();
      return head === null ? null : String(head);
    },
    forgetGeneration: (projection) => app.get(ReadModels).forgetGeneration(projection),
    workRuns: () => (workRuns ??= recordWorkRuns(app.get(WorkPool))),
    projectionWaits: new ProjectionWaitGate(app.get(Consistency)),
    stop: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Records each run the pool is asked for from now on (the pool's own `run` still does the work). */
function recordWorkRuns(pool: import('@docs/platform').WorkPool): WorkRun[] {
  const runs: WorkRun[] = [];
  const run = pool.run.bind(pool);
  pool.run = (module, task, input, options) => {
    runs.push({ task, key: options.key ?? null });
    return run(module, task, input, options);
  };
  return runs;
}

/** Runs `start` with Nest's log and warn lines collected into `lines` (all of them, whatever LOG_LEVEL); as is without `lines`. */
async function loggedTo<T>(lines: string[] | null, start: () => Promise<T>): Promise<T> {
  if (!lines) return start();
  const { Logger } = require('@nestjs/common') as typeof import('@nestjs/common');
  const levels = ['log', 'warn'] as const;
  const originals = levels.map((level) => Logger.prototype[level]);
  for (const level of levels) {
    Logger.prototype[level] = function (this: unknown, message: unknown) {
      lines.push(`${level} [${(this as { context?: string }).context}] ${String(message)}`);
    };
  }
  try {
    return await start();
  } finally {
    for (const [i, level] of levels.entries()) Logger.prototype[level] = originals[i];
  }
}
