import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AppConfig, Clock } from '@docs/platform';

/** The token of the owner every test application bootstraps with. */
export const OWNER_TOKEN = 'e2e-owner-token';

/** What a test may change in an application's configuration (plain JSON, so it crosses to a host). */
export type AppOverrides = Partial<AppConfig>;

/** An application running in this process: the one object both the in-process TestApp and the host use. */
export interface StartedApp {
  app: NestFastifyApplication;
  url: string;
  config: AppConfig;
  tokenFor(email: string, displayName?: string): Promise<{ token: string; userId: string }>;
  /** Appends events to a stream (expected revision: any) and waits until the named projections have them. */
  appendEvents(stream: string, events: NewEvent[], projections: string[]): Promise<{ position: string }>;
  /** A stream's events as JSON gives them (positions as strings). */
  readStream(stream: string): Promise<unknown[]>;
  stop(): Promise<void>;
}

/** An event to append, as the event store takes it. */
export interface NewEvent {
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
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

export async function startApp(overrides: AppOverrides = {}, options: { clock?: Clock } = {}): Promise<StartedApp> {
  const { Consistency, EventStore, loadConfig } = require('@docs/platform') as typeof import('@docs/platform');
  const { issueApiToken } = require('@docs/organizations') as typeof import('@docs/organizations');
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
  const app = await createApp(config, { clock: options.clock, verifyAnswers: true });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${port}`;

  const issue = async (input: { email: string; displayName?: string; secret?: string }) => {
    const issued = await issueApiToken(app.get(EventStore), input, { actor: 'system', correlationId: `e2e-${randomUUID()}` });
    await app.get(Consistency).waitFor(issued.position, ['users', 'organizations']);
    return issued;
  };
  // The bootstrap creates the owner on an empty store; against a shared EventStoreDB
  // (`npm run test:servers`) the log is not empty, so the owner token is issued here if missing.
  const owner = await fetch(`${url}/v1/user`, { headers: { authorization: `Bearer ${OWNER_TOKEN}` } });
  if (owner.status !== 200) await issue({ email: 'owner@docs.local', displayName: 'Owner', secret: OWNER_TOKEN }).catch(() => null);

  return {
    app,
    url,
    config,
    tokenFor: async (email, displayName) => {
      const { token, userId } = await issue({ email, displayName });
      return { token, userId };
    },
    appendEvents: async (stream, events, projections) => {
      const { position } = await app.get(EventStore).append(stream, events as never, 'any');
      await app.get(Consistency).waitFor(position, projections);
      return { position: String(position) };
    },
    readStream: async (stream) => asJson(await app.get(EventStore).readStream(stream)) as unknown[],
    stop: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
