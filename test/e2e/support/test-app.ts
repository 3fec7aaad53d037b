import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig, Clock } from '@docs/platform';
import { FakeClock } from '@docs/platform/testing/fake-clock';
import { control } from './host/host-client';
import { sendRequest } from './http-client';
import { BurstMeasure, InjectedRequest, injectedBurst } from './host/injected-burst';
import type { NextProjectionWait } from './host/projection-wait-gate';
import { AppOverrides, IssuedToken, NewEvent, OWNER_TOKEN, startApp, StartedApp, TokenRequest, WorkRun } from './host/started-app';

export { OWNER_TOKEN };

export interface HttpResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

interface HostedApp {
  id: string;
  url: string;
  config: AppConfig;
  startLog: string[] | null;
}

/**
 * A real server on a loopback port; requests go over real HTTP.
 *
 * - `TestApp.shared()`: the jest worker's shared application (default configuration), run by the
 *   worker's e2e host process (test/e2e/support/host), which loads the application's code once for
 *   every test file of the worker. Test files isolate themselves in organizations of their own.
 * - `TestApp.start(overrides, { clock })`: an application of the suite's own, in this process, for
 *   a suite that needs a configuration, a clock it drives, or the application's insides (`app`).
 */
export class TestApp {
  private constructor(
    readonly url: string,
    readonly config: AppConfig,
    private readonly local: StartedApp | null,
    private readonly hostedId: string | null,
  ) {}

  /** A hosted application this suite started (stopped by `stop`), as opposed to the shared one. */
  private owned = false;
  /** What the application logged (log and warn) while it started, when `start` was asked for it. */
  startLog: string[] | null = null;
  /** Where the suite's FakeClock has moved since the host's copy last followed it. */
  private clockOffset: number | undefined;

  /** Moves the host's copy of the suite's FakeClock to where the suite's clock is now. */
  async syncClock(): Promise<void> {
    if (this.clockOffset === undefined) return;
    const offsetMs = this.clockOffset;
    this.clockOffset = undefined;
    await control('POST', `/apps/${this.hostedId}/clock`, { offsetMs });
  }

  /** A control request to this app's host, after the host's clock has caught up with the suite's. */
  private async control<T>(method: string, path: string, body?: unknown): Promise<T> {
    await this.syncClock();
    return control<T>(method, path, body);
  }

  /** The worker's shared application: started on first use, kept for the worker's next test files. */
  static async shared(): Promise<TestApp> {
    const hosted = await control<HostedApp>('POST', '/shared');
    return new TestApp(hosted.url, hosted.config, null, hosted.id);
  }

  /**
   * An application of the suite's own, with its configuration. It runs in the worker's host, and a
   * FakeClock given as `clock` is mirrored there (each `advance` moves the host's clock too);
   * `inProcess` runs it in this process instead, for a suite that reaches inside it (`app`).
   */
  static async start(
    overrides: AppOverrides = {},
    options: { clock?: Clock; inProcess?: boolean; startLog?: boolean } = {},
  ): Promise<TestApp> {
    const { clock, inProcess, startLog } = options;
    if (inProcess || (clock && !(clock instanceof FakeClock))) {
      const local = await startApp(overrides, { clock, startLog });
      const testApp = new TestApp(local.url, local.config, local, null);
      testApp.startLog = local.startLog;
      return testApp;
    }
    const hosted = await control<HostedApp>('POST', '/apps', { overrides, clockOffsetMs: clock?.offset, startLog });
    const testApp = new TestApp(hosted.url, hosted.config, null, hosted.id);
    testApp.owned = true;
    testApp.startLog = hosted.startLog;
    // The host's clock catches up before the next request or control call: everything the app does
    // in a test follows one of them (a background job is seen through a later read).
    clock?.onAdvance((offsetMs) => (testApp.clockOffset = offsetMs));
    return testApp;
  }

  /** The Nest application, for suites that reach inside it (only an application of the suite's own). */
  get app(): NestFastifyApplication {
    if (!this.local) throw new Error('the shared application runs in another process: use TestApp.start() to reach inside');
    return this.local.app;
  }

  /** Stops an application of the suite's own; the shared one stays up for the worker's next files. */
  async stop(): Promise<void> {
    if (this.local) await this.local.stop();
    else if (this.owned) await this.control('DELETE', `/apps/${this.hostedId}`);
  }

  /** Appends events to a stream, as a use case would (expected revision: any), and waits for the named projections. */
  async appendEvents(stream: string, events: NewEvent[], projections: string[]): Promise<{ position: string }> {
    if (this.local) return this.local.appendEvents(stream, events, projections);
    return this.control('POST', `/apps/${this.hostedId}/events`, { stream, events, projections });
  }

  /** A stream's events (positions as strings). */
  async readStream(stream: string): Promise<any[]> {
    if (this.local) return this.local.readStream(stream);
    return this.control('POST', `/apps/${this.hostedId}/stream`, { stream });
  }

  /** The event store's head position (null on an empty store). */
  async eventHeadPosition(): Promise<bigint | null> {
    const position = this.local
      ? await this.local.eventHeadPosition()
      : (await this.control<{ position: string | null }>('POST', `/apps/${this.hostedId}/head`)).position;
    return position === null ? null : BigInt(position);
  }

  /** Makes the server read a projection's generation afresh now (after `projections replay` switched it). */
  async forgetGeneration(projection: string): Promise<void> {
    if (this.local) return this.local.forgetGeneration(projection);
    await this.control('POST', `/apps/${this.hostedId}/forget-generation`, { projection });
  }

  /** The work pool's runs (task and key), in order, since the first call, which starts recording them. */
  async workRuns(): Promise<WorkRun[]> {
    if (this.local) return [...this.local.workRuns()];
    return this.control('POST', `/apps/${this.hostedId}/work-runs`);
  }

  /**
   * Steers the application's next wait for its projections: `hold` keeps the request that makes it
   * in flight until `releaseProjectionWait`; `fail` fails it as lagging behind on `lagging`.
   */
  async nextProjectionWait(next: NextProjectionWait, lagging: string[] = []): Promise<void> {
    if (this.local) return this.local.projectionWaits.next(next, lagging);
    await this.control('POST', `/apps/${this.hostedId}/projection-wait`, { next, lagging });
  }

  /** Answers once a held wait for the projections has begun. */
  async projectionWaitHeld(): Promise<void> {
    if (this.local) return this.local.projectionWaits.held();
    await this.control('POST', `/apps/${this.hostedId}/projection-wait`, { held: true });
  }

  /** Lets a held wait for the projections go on. */
  async releaseProjectionWait(): Promise<void> {
    if (this.local) return this.local.projectionWaits.released();
    await this.control('POST', `/apps/${this.hostedId}/projection-wait`, { release: true });
  }

  /**
   * `count` copies of `request` injected into the application together (no sockets), with how long
   * its event loop went without running timers meanwhile: measured in the process it runs in.
   */
  async injectedBurst(request: InjectedRequest, count: number): Promise<BurstMeasure> {
    if (this.local) return injectedBurst(this.local.app, request, count);
    return this.control('POST', `/apps/${this.hostedId}/burst`, { request, count });
  }

  /** Revokes a token through the application's own stores (what `tokens revoke` appends, without the CLI's start-up). */
  async revokeToken(tokenId: string): Promise<void> {
    if (this.local) return this.local.revokeToken(tokenId);
    await this.control('POST', `/apps/${this.hostedId}/revoke-token`, { tokenId });
  }

  /** Creates (or finds) the user behind `email` and returns a fresh API token for them. */
  async tokenFor(email: string, displayName?: string): Promise<{ token: string; userId: string }> {
    const { token, userId } = await this.issueToken({ email, displayName });
    return { token, userId };
  }

  /** Issues an API token as the CLI's `tokens create` does, named and expiring as asked (`expiresAt`: ISO 8601). */
  async issueToken(input: TokenRequest): Promise<IssuedToken> {
    if (this.local) return this.local.issueToken(input);
    return this.control('POST', `/apps/${this.hostedId}/tokens`, input);
  }

  async request<T = any>(
    method: string,
    path: string,
    options: { token?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<HttpResult<T>> {
    await this.syncClock();
    const token = options.token === undefined ? OWNER_TOKEN : options.token;
    const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers };
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await sendRequest(`${this.url}${path}`, method, headers, payload);
    const text = response.text;
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
