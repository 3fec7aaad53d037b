/**
 * Child process: the bare-Fastify baseline. A Fastify server, no Nest, no auth, no stores, with
 * one route, the real route's pattern, answering each request with the bytes and content type the
 * real server answered to that path and query and that caller (captured.ts, BENCH_RESPONSES). A
 * request the capture does not hold answers 404, which the bench counts as a failure.
 */
import Fastify from 'fastify';
import { answerTo, readCapture } from './captured';
import { serveBaseline } from './event-loop';

serveBaseline(async () => {
  const { route, answers } = readCapture();
  const app = Fastify({ logger: false });
  app.get(route, (request, reply) => {
    const answer = answerTo(answers, request.url, request.headers.authorization);
    if (!answer) return reply.code(404).send({ error: { code: 404, message: `no captured answer for ${request.url}` } });
    return reply.header('content-type', answer.contentType).send(answer.body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
});
