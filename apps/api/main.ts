import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, loadConfig, LogFormat, LogWriter, stdoutLog } from '@docs/platform';
import { createApp } from './create-app';

const CONTEXT = 'Server';
const SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  logShutdown(app, config);
  await app.listen(config.port, config.host);
  new Logger(CONTEXT).log(
    `listening on http://${config.host}:${config.port} (data: ${config.eventStoreUrl ? 'EventStoreDB' : config.dataDir})`,
  );
}

/**
 * Logs a shutdown's start and end. Nest's own signal handler (enableShutdownHooks, in createApp)
 * runs the shutdown; this listener, registered after it, joins that shutdown, then logs its end,
 * writes out the buffered lines and lets the signal end the process, as Nest would.
 */
function logShutdown(app: NestFastifyApplication, config: AppConfig): void {
  const logger = new Logger(CONTEXT);
  let closing = false;
  let closed = false;
  const onSignal = (signal: NodeJS.Signals) => {
    // Nest's handler sends the signal again once it has shut down: this listener ends the process then.
    if (closed) return;
    if (closing) {
      logger.warn(`${signal} received while shutting down: the shutdown goes on (SIGKILL stops the process at once)`);
      return;
    }
    closing = true;
    const since = Date.now();
    logger.log(
      `${signal} received: shutting down (no new connections; requests in flight finish, then projections stop and the stores close)`,
    );
    // The shutdown Nest's handler started (listeners run in order, and Nest's came first).
    app.close().then(
      async () => {
        closed = true;
        logger.log(`stopped: shut down in ${Date.now() - since} ms (${signal})`);
        await stdoutLog(config.logFormat).end();
        for (const s of SIGNALS) process.off(s, onSignal);
        process.kill(process.pid, signal);
      },
      (error: unknown) => logger.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

main().catch((error: unknown) => {
  // A configured server that cannot be reached gives one clear line (in the log's shape), not a stack trace.
  const message = error instanceof Error ? error.message : String(error);
  const format: LogFormat = process.env.LOG_FORMAT === 'pretty' ? 'pretty' : 'json';
  new LogWriter({ format, destination: process.stderr }).write('fatal', CONTEXT, `docs-platform API failed to start: ${message}`);
  void stdoutLog(format)
    .end()
    .then(() => process.exit(1));
});
