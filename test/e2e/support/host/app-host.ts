import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AppOverrides, startApp, StartedApp } from './started-app';

/**
 * The e2e host: one process per jest worker that loads the application's code once and runs the
 * applications that worker's test files talk to over HTTP. The worker's shared application (default
 * configuration) lives as long as the host; test files isolate themselves in organizations of
 * their own. Controlled over loopback HTTP by `host-client.ts`; never part of the product.
 */
const apps = new Map<string, StartedApp>();
let shared: Promise<{ id: string; app: StartedApp }> | null = null;
let nextId = 1;

async function started(overrides: AppOverrides): Promise<{ id: string; app: StartedApp }> {
  const app = await startApp(overrides);
  const id = String(nextId++);
  apps.set(id, app);
  return { id, app };
}

const described = ({ id, app }: { id: string; app: StartedApp }) => ({ id, url: app.url, config: app.config });

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

/** The control routes: POST /shared, POST /apps, POST /apps/:id/tokens, DELETE /apps/:id, POST /cli. */
async function handle(req: IncomingMessage): Promise<unknown> {
  const path = new URL(req.url ?? '/', 'http://host').pathname;
  const body = await bodyOf(req);
  if (req.method === 'POST' && path === '/shared') {
    shared ??= started({});
    return described(await shared);
  }
  if (req.method === 'POST' && path === '/cli') return cli(body.argv, body.env);
  if (req.method === 'POST' && path === '/apps') return described(await started(body.overrides ?? {}));
  const tokens = /^\/apps\/(\d+)\/tokens$/.exec(path);
  if (req.method === 'POST' && tokens) return appOf(tokens[1]).tokenFor(body.email, body.displayName);
  const one = /^\/apps\/(\d+)$/.exec(path);
  if (req.method === 'DELETE' && one) {
    await appOf(one[1]).stop();
    apps.delete(one[1]);
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
process.on('disconnect', () => undefined);
