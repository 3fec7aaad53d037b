/**
 * Child process: the baseline. A bare Fastify server, no Nest, no auth, no stores, answering
 * `GET /v1/orgs/:organizationId` with the same JSON document the real server answered for (1).
 */
import Fastify from 'fastify';
import { serveBaseline } from './event-loop';

serveBaseline(async () => {
  const payload = JSON.parse(process.env.BENCH_PAYLOAD ?? '{}') as Record<string, unknown>;
  const app = Fastify({ logger: false });
  app.get('/v1/orgs/:organizationId', async () => payload);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
});
