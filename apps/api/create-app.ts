import 'reflect-metadata';
import { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { AppConfig, createValidationPipe, errorBody, loadConfig } from '@docs/platform';
import { AppModule } from './app.module';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const LOG_LEVELS: Record<AppConfig['logLevel'], LogLevel[] | false> = {
  debug: ['debug', 'log', 'warn', 'error', 'fatal'],
  info: ['log', 'warn', 'error', 'fatal'],
  warn: ['warn', 'error', 'fatal'],
  error: ['error', 'fatal'],
  silent: false,
};

/** Builds the HTTP application (used by main.ts, the e2e suites and the benchmark). */
export async function createApp(config: AppConfig = loadConfig()): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: config.bodyLimitBytes,
    // The client's X-Request-Id, when sane, becomes the request id and so the events' correlationId.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: LOG_LEVELS[config.logLevel],
    bodyParser: true,
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // A projector process answers only the health checks orchestrators need.
  if (config.role === 'projector') {
    fastify.addHook('onRequest', async (request, reply) => {
      if (request.url !== '/health' && request.url !== '/ready') {
        return reply.status(404).send(errorBody(404, 'this process runs projections only (ROLE=projector)'));
      }
    });
  }
  // Only JSON bodies are accepted: any other content type gets 415 before parsing.
  fastify.addHook('onRequest', async (request, reply) => {
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (hasBody && type !== 'application/json') {
      return reply.status(415).send(errorBody(415, 'unsupported content type: send application/json'));
    }
  });
  fastify.addHook('onSend', async (request, reply, payload) => {
    void reply.header('x-request-id', request.id);
    return payload;
  });
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Documentation platform API')
      .setDescription('GitBook API v1 compatible documentation platform')
      .setVersion('1')
      .addServer(`${config.publicUrl}`)
      .addBearerAuth()
      .build(),
  );
  fastify.get('/v1/openapi.json', (_request, reply) => reply.send(document));
  return app;
}
