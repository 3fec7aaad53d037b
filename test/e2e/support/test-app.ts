import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig, Clock, Consistency, EventStore, loadConfig, randomUUID } from '@docs/platform';
import { issueApiToken } from '@docs/organizations';
import { createApp } from '../../../apps/api/create-app';

export const OWNER_TOKEN = 'e2e-owner-token';

export interface HttpResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A real server on a random loopback port with a fresh temporary DATA_DIR (or the configured
 * EventStoreDB/MongoDB with `npm run test:servers`). Requests go over real HTTP.
 */
export class TestApp {
  private constructor(
    readonly app: NestFastifyApplication,
    readonly url: string,
    readonly config: AppConfig,
    private readonly dataDir: string,
  ) {}

  /** `clock`: a clock the suite drives (FakeClock from @docs/platform/testing), for retention and scheduled jobs. */
  static async start(overrides: Partial<AppConfig> = {}, options: { clock?: Clock } = {}): Promise<TestApp> {
    const dataDir = mkdtempSync(join(tmpdir(), 'docs-e2e-'));
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
      ...overrides,
    };
    const app = await createApp(config, { clock: options.clock, verifyAnswers: true });
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    const testApp = new TestApp(app, `http://127.0.0.1:${address.port}`, config, dataDir);
    await testApp.ensureOwnerToken();
    return testApp;
  }

  async stop(): Promise<void> {
    await this.app.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /**
   * The bootstrap creates the owner on an empty store; against a shared EventStoreDB
   * (`npm run test:servers`) the log is not empty, so the owner token is issued here if missing.
   */
  private async ensureOwnerToken(): Promise<void> {
    if ((await this.get('/v1/user')).status === 200) return;
    const issued = await issueApiToken(
      this.app.get(EventStore),
      { email: 'owner@docs.local', displayName: 'Owner', secret: OWNER_TOKEN },
      { actor: 'system', correlationId: `e2e-${randomUUID()}` },
    ).catch(() => null);
    if (issued) await this.app.get(Consistency).waitFor(issued.position, ['users', 'organizations']);
  }

  /** Creates (or finds) the user behind `email` and returns a fresh API token for them. */
  async tokenFor(email: string, displayName?: string): Promise<{ token: string; userId: string }> {
    const issued = await issueApiToken(
      this.app.get(EventStore),
      { email, displayName },
      { actor: 'system', correlationId: `e2e-${randomUUID()}` },
    );
    await this.app.get(Consistency).waitFor(issued.position, ['users', 'organizations']);
    return { token: issued.token, userId: issued.userId };
  }

  async request<T = any>(
    method: string,
    path: string,
    options: { token?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<HttpResult<T>> {
    const token = options.token === undefined ? OWNER_TOKEN : options.token;
    const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers };
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.url}${path}`, { method, headers, body: payload });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: body as T, headers: response.headers };
  }

  get = <T = any>(path: string, token?: string | null) => this.request<T>('GET', path, { token });
  post = <T = any>(path: string, body?: unknown, token?: string | null) => this.request<T>('POST', path, { body, token });
  patch = <T = any>(path: string, body?: unknown, token?: string | null) => this.request<T>('PATCH', path, { body, token });
  put = <T = any>(path: string, body?: unknown, token?: string | null) => this.request<T>('PUT', path, { body, token });
  delete = <T = any>(path: string, token?: string | null) => this.request<T>('DELETE', path, { token });
}

/** Asserts the `{ error: { code, message } }` body and that the message mentions `mentions`. */
export function expectError(result: HttpResult, status: number, mentions?: string | RegExp): void {
  expect({ status: result.status, body: result.body }).toEqual({
    status,
    body: { error: { code: status, message: expect.any(String) } },
  });
  if (mentions !== undefined) expect(result.body.error.message).toMatch(mentions);
}

/** Follows `next.page` until the end and returns every item. */
export async function collectAll(app: TestApp, path: string, token?: string): Promise<any[]> {
  const items: any[] = [];
  let page: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const sep = path.includes('?') ? '&' : '?';
    const result = await app.get(page ? `${path}${sep}page=${encodeURIComponent(page)}` : path, token);
    expect(result.status).toBe(200);
    items.push(...result.body.items);
    page = result.body.next?.page;
    if (!page) return items;
  }
  throw new Error('pagination did not end');
}
