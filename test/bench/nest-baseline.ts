/**
 * Child process: the framework's floor. A bare NestJS application on the Fastify adapter (one
 * controller, no guards, pipes, interceptors or stores) answering `GET /v1/orgs/:organizationId`
 * with the same JSON document as the bare-Fastify baseline. The API server cannot answer a GET
 * faster than this; its ratio to the baseline is the most any Nest route can reach on this machine.
 */
import 'reflect-metadata';
import { Controller, Get, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { serveBaseline } from './event-loop';

const payload = JSON.parse(process.env.BENCH_PAYLOAD ?? '{}') as Record<string, unknown>;

@Controller('v1/orgs')
class OrganizationController {
  @Get(':organizationId')
  get(@Param('organizationId') _organizationId: string): Record<string, unknown> {
    return payload;
  }
}

@Module({ controllers: [OrganizationController] })
class BareModule {}

serveBaseline(async () => {
  const app = await NestFactory.create<NestFastifyApplication>(BareModule, new FastifyAdapter(), { logger: false });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
});
