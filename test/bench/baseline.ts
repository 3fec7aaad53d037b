/**
 * Child process: the baseline. A bare Fastify server, no Nest, no auth, no stores, answering
 * `GET /v1/orgs/:organizationId` with the same JSON document the real server answered for (1).
 */
import Fastify from 'fastify';
import { answerEventLoopRequests } from './event-loop';
import { reply, ChildRequest } from './ipc';

async function main(): Promise<void> {
  const payload = JSON.parse(process.env.BENCH_PAYLOAD ?? '{}') as Record<string, unknown>;
  const app = Fastify({ logger: false });
  app.get('/v1/orgs/:organizationId', async () => payload);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  answerEventLoopRequests();
  process.on('message', (message: ChildRequest) => {
    if (message.type !== 'stop') return;
    void app.close().then(() => {
      reply({ type: 'stopped', id: message.id, data: { maxRssKb: process.resourceUsage().maxRSS } });
      process.exit(0);
    });
  });
  reply({ type: 'ready', data: { url: `http://127.0.0.1:${address.port}` } });
}

main().catch((error: unknown) => {
  reply({ type: 'error', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
