import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { FakeClock } from '@docs/platform/testing/fake-clock';
import { injectedBurst } from './injected-burst';
import { NextProjectionWait } from './projection-wait-gate';
import { AppOverrides, startApp, StartedApp } from './started-app';

/**
 * The e2e host: one process per jest worker that loads the application's code once and runs the
 * applications that worker's test files talk to over HTTP. The worker's shared application (default
 * configuration) lives as long as the host; test files isolate themselves in organizations of
 * their own. Controlled over loopback HTTP by `host-client.ts`; never part of the product.
 */
const apps = new Map<string, StartedApp>();
/** The clocks of applications started with one: each mirrors the FakeClock of the test file that drives it. */
const clocks = new Map<string, FakeClock>();
let shared: Promise<{ id: string; app: StartedApp }> | null = null;
let nextId = 1;

async function started(overrides: AppOverrides, clockOffsetMs?: number, startLog?: boolean): Promise<{ id: string; app: StartedApp }> {
  const clock = clockOffsetMs === undefined ? undefined : new FakeClock();
  clock?.setOffset(clockOffsetMs!);
  const app = await startApp(overrides, { clock, startLog });
  const id = String(nextId++);
  apps.set(id, app);
  if (clock) clocks.set(id, clock);
  return { id, app };
}

const described = ({ id, app }: { id: string; app: StartedApp }) => ({ id, url: app.url, config: app.config, startLog: app.startLog });

function appOf(id: string): StartedApp {
  const app = apps.get(id);
  if (!app) throw new Error(`no application ${id} in this host`);
  return app;
}

async function bodyOf(req: IncomingMessage): Promise<any> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : {};
}

/**
 * One operator command, run by the CLI's own entry (`runCli`, what `dist/apps/cli/main.js` calls) in
 * this process, whose code is loaded once: stdout and stderr as a piped process would print them.
 */
async function cli(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  const { runCli } = require('../../../../apps/cli/run-cli') as typeof import('../../../../apps/cli/run-cli');
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { line: (t) => (stdout += `${t}\n`), error: (t) => (stderr += `${t}\n`) }, env);
  return { code, stdout, stderr };
}

/** `next` steers the next wait, `held` answers once it is held, `release` lets it go on. */
async function projectionWait(app: StartedApp, body: { next?: NextProjectionWait; lagging?: string[]; held?: boolean; release?: boolean }) {
  if (body.next) app.projectionWaits.next(body.next, body.lagging);
  if (body.held) await app.projectionWaits.held();
  if (body.release) app.projectionWaits.released();
  return {};
}

/**
 * The control routes: POST /shared, POST /apps, POST /apps/:id/{tokens,events,stream,clock,head,
 * forget-generation,work-runs,projection-wait,burst,revoke-token}, DELETE /apps/:id, POST /cli.
 */
async function handle(req: IncomingMessage): Promise<unknown> {
  const path = new URL(req.url ?? '/', 'http://host').pathname;
  const body = await bodyOf(req);
  if (req.method === 'POST' && path === '/shared') {
    shared ??= started({});
    return described(await shared);
  }
  if (req.method === 'POST' && path === '/cli') return cli(body.argv, body.env);
  if (req.method === 'POST' && path === '/apps') return described(await started(body.overrides ?? {}, body.clockOffsetMs, body.startLog));
  const [, id, action] =
    /^\/apps\/(\d+)\/(tokens|events|stream|clock|head|forget-generation|work-runs|projection-wait|burst|revoke-token)$/.exec(path) ?? [];
  if (req.method === 'POST' && action === 'tokens') return appOf(id).issueToken(body);
  if (req.method === 'POST' && action === 'events') return appOf(id).appendEvents(body.stream, body.events, body.projections);
  if (req.method === 'POST' && action === 'stream') return appOf(id).readStream(body.stream);
  if (req.method === 'POST' && action === 'head') return { position: await appOf(id).eventHeadPosition() };
  if (req.method === 'POST' && action === 'forget-generation') {
    appOf(id).forgetGeneration(body.projection);
    return {};
  }
  if (req.method === 'POST' && action === 'work-runs') return appOf(id).workRuns();
  if (req.method === 'POST' && action === 'revoke-token') {
    await appOf(id).revokeToken(body.tokenId);
    return {};
  }
  if (req.method === 'POST' && action === 'burst') return injectedBurst(appOf(id).app, body.request, body.count);
  if (req.method === 'POST' && action === 'projection-wait') return projectionWait(appOf(id), body);
  if (req.method === 'POST' && action === 'clock') {
    clocks.get(id)?.setOffset(body.offsetMs);
    return {};
  }
  const one = /^\/apps\/(\d+)$/.exec(path);
  if (req.method === 'DELETE' && one) {
    await appOf(one[1]).stop();
    apps.delete(one[1]);
    clocks.delete(one[1]);
    return {};
  }
  throw new Error(`no control route ${req.method} ${path}`);
}

async function stopAll(): Promise<void> {
  await Promise.allSettled([...apps.values()].map((app) => app.stop()));
  process.exit(0);
}

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  handle(req).then(
    (answer) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)),
    (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error.stack ?? String(error)),
  );
});

// The control connection stays open until the client drops it. With Node's 5 s idle timeout a jest
// worker that spent longer loading its next test file (seconds on a loaded machine) sent its next
// request on a socket the host had just closed: "other side closed", and the file failed to start.
server.keepAliveTimeout = 0;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.send?.({ controlUrl: `http://127.0.0.1:${port}` });
});

// The host lives as long as the jest worker that started it: when the worker goes, so does the host.
const parent = process.ppid;
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    void stopAll();
  }
}, 1000);
process.on('SIGTERM', () => void stopAll());
process.on('exit', (code) => {
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  const { rss, heapUsed } = process.memoryUsage();
  console.error(`e2e host ${process.pid} exits with code ${code} (rss ${mb(rss)} MB, heap ${mb(heapUsed)} MB)`);
});
process.on('disconnect', () => undefined);
