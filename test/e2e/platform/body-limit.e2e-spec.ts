/**
 * Per-route body limits: every route takes bodies up to BODY_LIMIT_BYTES, and a route that opts in
 * with @BodyLimit (or @Endpoint's `bodyLimit`) takes its own, e.g. CONTENT_EDIT_BODY_LIMIT_BYTES.
 * The product has no opted-in route to test with, so a probe application built here from test-only
 * controllers runs the same mechanism: Nest's Fastify adapter, installHttpEdge and HttpErrorFilter.
 */
import { Body, Controller, Module, Post } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AppConfig,
  BodyLimit,
  BodyLimitConfigKey,
  Endpoint,
  HttpErrorFilter,
  IdempotencyStore,
  installHttpEdge,
  loadConfig,
  Operation,
  Public,
  resolveBodyLimit,
} from '@docs/platform';
import { SqliteIdempotencyStore } from '../../../libs/platform/src/idempotency/sqlite-idempotency-store';
import { EventLoopBudget } from '../../../libs/platform/src/projections/event-loop-budget';
import { expectError, HttpResult, TestApp } from '../support/test-app';

const MiB = 1024 * 1024;
/** A JSON body of about `bytes` bytes. */
const bodyOf = (bytes: number) => JSON.stringify({ text: 'x'.repeat(bytes - 11) });

@Public()
@Controller('probe')
class ProbeController {
  @Post('ordinary')
  ordinary(@Body() body: { text: string }) {
    return { length: body.text.length };
  }

  @Post('content')
  @BodyLimit('contentEditBodyLimitBytes')
  content(@Body() body: { text: string }) {
    return { length: body.text.length };
  }

  @Endpoint('POST', 'endpoint', { answers: null, bodyLimit: 'contentEditBodyLimitBytes' })
  @Operation('probeEndpoint', 'Probe')
  endpoint(@Body() _body: { text: string }) {
    return undefined;
  }

  @Post('small')
  @BodyLimit(1024)
  small(@Body() body: { text: string }) {
    return { length: body.text.length };
  }
}

@Module({
  controllers: [ProbeController],
  providers: [
    { provide: IdempotencyStore, useFactory: () => new SqliteIdempotencyStore({ file: ':memory:' }) },
    { provide: EventLoopBudget, useValue: new EventLoopBudget() },
    { provide: APP_FILTER, useClass: HttpErrorFilter },
  ],
})
class ProbeModule {}

/** The probe routes behind the platform's HTTP edge, configured like apps/api/create-app.ts. */
async function startProbe(config: AppConfig): Promise<{ app: NestFastifyApplication; url: string }> {
  const app = await NestFactory.create<NestFastifyApplication>(ProbeModule, new FastifyAdapter({ bodyLimit: config.bodyLimitBytes }), {
    logger: false,
    bodyParser: false,
    abortOnError: false,
  });
  installHttpEdge(app, config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}` };
}

async function post(url: string, body: string | ReadableStream<Uint8Array>): Promise<HttpResult> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    ...(typeof body === 'string' ? {} : { duplex: 'half' }),
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** The body sent chunked (no content-length), so the limit must hold while it streams in. */
const chunked = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = Buffer.from(text);
      for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
      controller.close();
    },
  });

describe('per-route body limits', () => {
  describe('the application', () => {
    let app: TestApp;
    beforeAll(async () => (app = await TestApp.start()));
    afterAll(() => app.stop());

    it('answers a 2 MiB body to an ordinary route with 413 and the error body', async () => {
      const res = await app.request('POST', '/v1/orgs', { rawBody: bodyOf(2 * MiB), headers: { 'content-type': 'application/json' } });
      expectError(res, 413, /too large/i);
    });

    it('configures 1 MiB for every route and 25 MiB for content edits by default', () => {
      expect(app.config.bodyLimitBytes).toBe(1_048_576);
      expect(app.config.contentEditBodyLimitBytes).toBe(26_214_400);
    });
  });

  describe('routes that opt in', () => {
    let probe: { app: NestFastifyApplication; url: string };
    const dataDir = mkdtempSync(join(tmpdir(), 'docs-body-limit-'));
    const config: AppConfig = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), contentEditBodyLimitBytes: 3 * MiB };

    beforeAll(async () => (probe = await startProbe(config)));
    afterAll(async () => {
      await probe.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('refuses 2 MiB on a route that did not opt in (413, error body)', async () => {
      expectError(await post(`${probe.url}/probe/ordinary`, bodyOf(2 * MiB)), 413, /too large/i);
      expectError(await post(`${probe.url}/probe/ordinary`, chunked(bodyOf(2 * MiB))), 413, /too large/i);
    });

    it('takes 2 MiB on a route with @BodyLimit(configuration key), by content-length and chunked', async () => {
      expect(await post(`${probe.url}/probe/content`, bodyOf(2 * MiB))).toMatchObject({ status: 201, body: { length: 2 * MiB - 11 } });
      expect(await post(`${probe.url}/probe/content`, chunked(bodyOf(2 * MiB)))).toMatchObject({
        status: 201,
        body: { length: 2 * MiB - 11 },
      });
    });

    it('takes 2 MiB on a route with @Endpoint({ bodyLimit })', async () => {
      expect((await post(`${probe.url}/probe/endpoint`, bodyOf(2 * MiB))).status).toBe(204);
    });

    it("still refuses a body over the route's own limit (413, error body)", async () => {
      expectError(await post(`${probe.url}/probe/content`, bodyOf(4 * MiB)), 413, /too large/i);
      expectError(await post(`${probe.url}/probe/content`, chunked(bodyOf(4 * MiB))), 413, /too large/i);
      expectError(await post(`${probe.url}/probe/endpoint`, bodyOf(4 * MiB)), 413, /too large/i);
    });

    it('lets a route set a limit below BODY_LIMIT_BYTES too', async () => {
      expect(await post(`${probe.url}/probe/small`, bodyOf(1000))).toMatchObject({ status: 201 });
      expectError(await post(`${probe.url}/probe/small`, bodyOf(2048)), 413, /too large/i);
    });

    it('still parses opted-in bodies with the JSON checks', async () => {
      expectError(await post(`${probe.url}/probe/content`, `{"text":"${'x'.repeat(2 * MiB)}`), 400, /JSON/);
    });
  });

  describe('configuration', () => {
    it('reads CONTENT_EDIT_BODY_LIMIT_BYTES, at least 1', () => {
      expect(loadConfig({}).contentEditBodyLimitBytes).toBe(25 * MiB);
      expect(loadConfig({ CONTENT_EDIT_BODY_LIMIT_BYTES: '5000' }).contentEditBodyLimitBytes).toBe(5000);
      expect(() => loadConfig({ CONTENT_EDIT_BODY_LIMIT_BYTES: '0' })).toThrow(/CONTENT_EDIT_BODY_LIMIT_BYTES/);
      expect(() => loadConfig({ CONTENT_EDIT_BODY_LIMIT_BYTES: '25MB' })).toThrow(/CONTENT_EDIT_BODY_LIMIT_BYTES/);
    });

    it('resolves a limit from bytes or a configuration key, and refuses nonsense', () => {
      const config = loadConfig({});
      const keys: BodyLimitConfigKey[] = ['bodyLimitBytes', 'contentEditBodyLimitBytes'];
      expect(keys.map((key) => resolveBodyLimit(key, config))).toEqual([MiB, 25 * MiB]);
      expect(resolveBodyLimit(4096, config)).toBe(4096);
      expect(() => resolveBodyLimit('bodyLimitBytes', { ...config, bodyLimitBytes: 0 })).toThrow(/positive integer/);
      expect(() => BodyLimit(0)).toThrow(/positive integer/);
      expect(() => BodyLimit(1.5)).toThrow(/positive integer/);
    });
  });
});
