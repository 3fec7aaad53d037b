import { resolve } from 'node:path';

export type ProcessRole = 'api' | 'projector' | 'all';

/** Configuration from environment variables; every variable has a documented default (README). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  eventStoreUrl: string | null;
  mongoUrl: string | null;
  mongoDb: string;
  publicUrl: string;
  appUrl: string;
  /** Published sites are also served at `<organization hostname>.<SITES_DOMAIN>/<basename>` (docs/sites-serving.md); null: not. */
  sitesDomain: string | null;
  readYourWritesTimeoutMs: number;
  bootstrapToken: string | null;
  role: ProcessRole;
  bodyLimitBytes: number;
  /** Body limit of the routes that opt in with @BodyLimit('contentEditBodyLimitBytes'): content edits (CONTENT_EDIT_BODY_LIMIT_BYTES). */
  contentEditBodyLimitBytes: number;
  /** The whole request, headers and body, must arrive within this (408 otherwise). */
  requestTimeoutMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** `json` (JSON lines, the default) or `pretty` (human lines; colours only on a terminal). */
  logFormat: 'json' | 'pretty';
  /** Secret for signing `serviceVisitorClaims`; generated and kept in DATA_DIR when unset. */
  jwtSecret: string | null;
  /** How long an Idempotency-Key and the answer stored with it are kept (IDEMPOTENCY_KEY_TTL_SECONDS). */
  idempotencyKeyTtlSeconds: number;
  /** How long a deleted space stays in the trash, restorable, before it is purged (SPACE_RETENTION_DAYS). */
  spaceRetentionDays: number;
  /** How often the purge of spaces past their retention runs, besides once at start-up (SPACE_PURGE_INTERVAL_MS). */
  spacePurgeIntervalMs: number;
  /**
   * Hosts or IPs the outbound fetch guard lets through although private or loopback (OUTBOUND_ALLOW_HOSTS, comma-separated; default none).
   */
  outboundAllowHosts: string[];
  /** Outbound fetches (libs/platform/src/outbound): per-fetch timeout and size cap (OUTBOUND_TIMEOUT_MS, OUTBOUND_MAX_BYTES). */
  outboundTimeoutMs: number;
  outboundMaxBytes: number;
  /** Website import bounds (IMPORT_MAX_PAGES, IMPORT_MAX_DEPTH, IMPORT_MAX_PAGE_BYTES, IMPORT_MAX_TOTAL_BYTES, IMPORT_TIMEOUT_MS). */
  importMaxPages: number;
  importMaxDepth: number;
  importMaxPageBytes: number;
  importMaxTotalBytes: number;
  importTimeoutMs: number;
  /**
   * Import runs' website bounds (IMPORT_RUN_MAX_PAGES, IMPORT_RUN_MAX_DEPTH, IMPORT_RUN_MAX_TOTAL_BYTES,
   * IMPORT_RUN_TIMEOUT_MS; a page's bytes as IMPORT_MAX_PAGE_BYTES) and images (IMPORT_RUN_MAX_IMAGES, IMPORT_RUN_MAX_IMAGE_BYTES).
   */
  importRunMaxPages: number;
  importRunMaxDepth: number;
  importRunMaxTotalBytes: number;
  importRunTimeoutMs: number;
  importRunMaxImages: number;
  importRunMaxImageBytes: number;
  /** Import runs pending or in progress at once per organization (IMPORT_RUNS_ACTIVE_MAX): one more is 409. */
  importRunsActiveMax: number;
  /**
   * Git sync (libs/content/src/git-sync): folders whose repositories `file://` URLs may name (GIT_SYNC_FILE_ROOTS, comma-separated
   * absolute paths; default none, so `file://` is refused), the private key ssh:// remotes use (GIT_SYNC_SSH_KEY_FILE), and each git
   * command's timeout and output cap (GIT_SYNC_TIMEOUT_MS, GIT_SYNC_MAX_BYTES: also the cap on a commit's files read by an import).
   */
  gitSyncFileRoots: string[];
  gitSyncSshKeyFile: string | null;
  gitSyncTimeoutMs: number;
  gitSyncMaxBytes: number;
  /** Secret for signing PDF export URLs (PDF_URL_SECRET); generated and kept in DATA_DIR/pdf-url-secret when unset. */
  pdfUrlSecret: string | null;
  /** How long a signed PDF export URL serves its PDF (PDF_URL_TTL_SECONDS). */
  pdfUrlTtlSeconds: number;
  /** How long a file's signed downloadURL serves its bytes, at least (FILE_URL_TTL_SECONDS; at most twice that). */
  fileUrlTtlSeconds: number;
  /**
   * Bounded work off the event loop (libs/platform/src/work): threads, queue, per-organization share, heap per thread (WORK_THREADS,
   * WORK_QUEUE, WORK_PER_ORGANIZATION, WORK_MEMORY_MB).
   */
  workThreads: number;
  workQueue: number;
  workPerOrganization: number;
  workMemoryMb: number;
  /**
   * Webhook deliveries (docs/webhooks.md): how often the processor looks for due deliveries, each attempt's timeout, and how many
   * subscriptions are delivered to at once (WEBHOOK_POLL_MS, WEBHOOK_TIMEOUT_MS, WEBHOOK_CONCURRENCY).
   */
  webhookPollMs: number;
  webhookTimeoutMs: number;
  webhookConcurrency: number;
  /** Webhook deliveries of a subscription outstanding on its connection, pipelined in log order (WEBHOOK_PIPELINING; 1: one at a time). */
  webhookPipelining: number;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = int(env, name, fallback);
  if (value === 0) throw new Error(`${name} must be at least 1`);
  return value;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!allowed.includes(raw as T)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = int(env, 'PORT', 3000);
  const publicUrl = trimSlash(env.PUBLIC_URL || `http://localhost:${port}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    eventStoreUrl: env.EVENTSTORE_URL || null,
    mongoUrl: env.MONGO_URL || null,
    mongoDb: env.MONGO_DB || 'docs',
    publicUrl,
    appUrl: trimSlash(env.APP_URL || `${publicUrl}/app`),
    sitesDomain:
      (env.SITES_DOMAIN ?? '')
        .trim()
        .toLowerCase()
        .replace(/^\.+|\.+$/g, '') || null,
    readYourWritesTimeoutMs: int(env, 'READ_YOUR_WRITES_TIMEOUT_MS', 5000),
    bootstrapToken: env.DOCS_BOOTSTRAP_TOKEN || null,
    role: oneOf(env, 'ROLE', ['api', 'projector', 'all'] as const, 'all'),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    contentEditBodyLimitBytes: positive(env, 'CONTENT_EDIT_BODY_LIMIT_BYTES', 25 * 1024 * 1024),
    requestTimeoutMs: Math.max(1, int(env, 'REQUEST_TIMEOUT_MS', 30_000)),
    logLevel: oneOf(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'] as const, 'info'),
    logFormat: oneOf(env, 'LOG_FORMAT', ['json', 'pretty'] as const, 'json'),
    jwtSecret: env.JWT_SECRET || null,
    idempotencyKeyTtlSeconds: positive(env, 'IDEMPOTENCY_KEY_TTL_SECONDS', 24 * 60 * 60),
    spaceRetentionDays: int(env, 'SPACE_RETENTION_DAYS', 7),
    spacePurgeIntervalMs: positive(env, 'SPACE_PURGE_INTERVAL_MS', 60 * 60 * 1000),
    outboundAllowHosts: (env.OUTBOUND_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    outboundTimeoutMs: positive(env, 'OUTBOUND_TIMEOUT_MS', 10_000),
    outboundMaxBytes: positive(env, 'OUTBOUND_MAX_BYTES', 5 * 1024 * 1024),
    importMaxPages: positive(env, 'IMPORT_MAX_PAGES', 50),
    importMaxDepth: int(env, 'IMPORT_MAX_DEPTH', 3),
    importMaxPageBytes: positive(env, 'IMPORT_MAX_PAGE_BYTES', 1024 * 1024),
    importMaxTotalBytes: positive(env, 'IMPORT_MAX_TOTAL_BYTES', 10 * 1024 * 1024),
    importTimeoutMs: positive(env, 'IMPORT_TIMEOUT_MS', 60_000),
    importRunMaxPages: positive(env, 'IMPORT_RUN_MAX_PAGES', 1000),
    importRunMaxDepth: int(env, 'IMPORT_RUN_MAX_DEPTH', 10),
    importRunMaxTotalBytes: positive(env, 'IMPORT_RUN_MAX_TOTAL_BYTES', 200 * 1024 * 1024),
    importRunTimeoutMs: positive(env, 'IMPORT_RUN_TIMEOUT_MS', 30 * 60_000),
    importRunMaxImages: int(env, 'IMPORT_RUN_MAX_IMAGES', 500),
    importRunMaxImageBytes: positive(env, 'IMPORT_RUN_MAX_IMAGE_BYTES', 5 * 1024 * 1024),
    importRunsActiveMax: positive(env, 'IMPORT_RUNS_ACTIVE_MAX', 10),
    gitSyncFileRoots: (env.GIT_SYNC_FILE_ROOTS ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    gitSyncSshKeyFile: env.GIT_SYNC_SSH_KEY_FILE || null,
    gitSyncTimeoutMs: positive(env, 'GIT_SYNC_TIMEOUT_MS', 60_000),
    gitSyncMaxBytes: positive(env, 'GIT_SYNC_MAX_BYTES', 50 * 1024 * 1024),
    pdfUrlSecret: env.PDF_URL_SECRET || null,
    pdfUrlTtlSeconds: positive(env, 'PDF_URL_TTL_SECONDS', 60 * 60),
    fileUrlTtlSeconds: positive(env, 'FILE_URL_TTL_SECONDS', 24 * 60 * 60),
    workThreads: positive(env, 'WORK_THREADS', 2),
    workQueue: positive(env, 'WORK_QUEUE', 64),
    workPerOrganization: positive(env, 'WORK_PER_ORGANIZATION', 4),
    workMemoryMb: positive(env, 'WORK_MEMORY_MB', 512),
    webhookPollMs: positive(env, 'WEBHOOK_POLL_MS', 200),
    webhookTimeoutMs: positive(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
    webhookConcurrency: positive(env, 'WEBHOOK_CONCURRENCY', 16),
    webhookPipelining: positive(env, 'WEBHOOK_PIPELINING', 10),
  };
}
