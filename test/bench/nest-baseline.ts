/**
 * Child process: the framework's floor. A bare NestJS application on the Fastify adapter (one
 * controller on the real route's pattern, no guards, pipes, interceptors or stores) answering each
 * request with the bytes and content type the real server answered to that path and query and that
 * caller (captured.ts, BENCH_RESPONSES), like the bare-Fastify baseline. No Nest route can answer faster
 * than this on the same adapter.
 */
import 'reflect-metadata';
import { Controller, Get, Module, NotFoundException, Req, Res, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Answers, answerTo, readCapture } from './captured';
import { serveBaseline } from './event-loop';

/** The controller is built at start-up: its route is the captured run's. */
function controllerFor(route: string, answers: Answers): Type<unknown> {
  @Controller()
  class BaselineController {
    @Get(route)
    get(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Buffer {
      const answer = answerTo(answers, request.url, request.headers.authorization);
      if (!answer) throw new NotFoundException(`no captured answer for ${request.url}`);
      void reply.header('content-type', answer.contentType);
      return answer.body;
    }
  }
  return BaselineController;
}

serveBaseline(async () => {
  const { route, answers } = readCapture();
  @Module({ controllers: [controllerFor(route, answers)] })
  class BareModule {}
  const app = await NestFactory.create<NestFastifyApplication>(BareModule, new FastifyAdapter(), { logger: false });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
});
