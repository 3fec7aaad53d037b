/**
 * Child process: the real API server on the embedded default (SQLite) in a fresh DATA_DIR, as
 * `npm start` runs it but with log level silent and a bootstrap token. Driven by the benchmark over IPC.
 */
import { loadConfig } from '@docs/platform';
import { createApp } from '../../apps/api/create-app';
import { answerEventLoopRequests } from './event-loop';
import { seed, seedTeams } from './seed';
import { BENCH_OWNER_TOKEN, ChildRequest, reply } from './ipc';

async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR must be set');
  const config = {
    ...loadConfig({ ...process.env, PORT: '0', LOG_LEVEL: 'silent' }),
    bootstrapToken: BENCH_OWNER_TOKEN,
  };
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${port}`;

  answerEventLoopRequests();
  let ownerToken = '';
  process.on('message', (message: ChildRequest) => {
    void (async () => {
      try {
        if (message.type === 'seed') {
          const seeded = await seed(app, url, message.options);
          ownerToken = seeded.users[0]!.token;
          reply({ type: 'seeded', id: message.id, data: seeded });
        } else if (message.type === 'seed-teams')
          reply({ type: 'seeded', id: message.id, data: await seedTeams(app, url, ownerToken, message.options) });
        else if (message.type === 'stop') {
          await app.close();
          reply({ type: 'stopped', id: message.id, data: { maxRssKb: process.resourceUsage().maxRSS } });
          process.exit(0);
        }
      } catch (error) {
        reply({ type: 'error', id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      }
    })();
  });
  reply({ type: 'ready', data: { url } });
}

main().catch((error: unknown) => {
  reply({ type: 'error', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
