import 'reflect-metadata';
import { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import {
  answerClientError,
  answerFrameworkError,
  AppConfig,
  AppLogger,
  Clock,
  createValidationPipe,
  installAccessLog,
  installHttpEdge,
  loadConfig,
  serializeWithDocumentSchemas,
  stateValidationRules,
} from '@docs/platform';
import { AppModule } from './app.module';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Longer path parameters are refused (414) by the router before any handler sees them. */
const MAX_PATH_PARAMETER_LENGTH = 1024;
const HEADERS_TIMEOUT_MS = 10_000;

const LOG_LEVELS: Record<AppConfig['logLevel'], LogLevel[] | false> = {
  debug: ['debug', 'log', 'warn', 'error', 'fatal'],
  info: ['log', 'warn', 'error', 'fatal'],
  warn: ['warn', 'error', 'fatal'],
  error: ['error', 'fatal'],
  silent: false,
};

export interface AppOptions {
  /** The clock events occur by and scheduled jobs run by (tests drive their own); the system clock by default. */
  clock?: Clock;
  /** Check every schema-serialised answer against JSON.stringify (response-schemas.ts); the e2e suites do. */
  verifyAnswers?: boolean;
}

/** Builds the HTTP application (used by main.ts, the e2e suites and the benchmark). */
export async function createApp(config: AppConfig = loadConfig(), options: AppOptions = {}): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: config.bodyLimitBytes,
    // The client's X-Request-Id, when sane, becomes the request id and so the events' correlationId.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    // Slow clients: the whole request (headers and body) must arrive within requestTimeoutMs,
    // checked every second rather than Node's default 30 s; answered 408 by answerClientError.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(config.requestTimeoutMs, HEADERS_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
    },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, options.clock), adapter, {
    logger: LOG_LEVELS[config.logLevel] === false ? false : new AppLogger(LOG_LEVELS[config.logLevel] as LogLevel[], config.logFormat),
    bodyParser: false,
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  installHttpEdge(app, config);
  // One access line per request at LOG_LEVEL info or debug (none at warn, error or silent).
  if (config.logLevel === 'info' || config.logLevel === 'debug') installAccessLog(fastify, { format: config.logFormat });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    done(null, payload);
  });
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();

  const document = servedDocument(app, config);
  serializeWithDocumentSchemas(fastify, document, { verify: options.verifyAnswers });
  fastify.get('/v1/openapi.json', (_request, reply) => reply.send(document));
  return app;
}

/**
 * The served OpenAPI document, built once per process and public URL: the same classes make the
 * same document, and building it (with its validation rules stated) is some 0.4 s, a third of an
 * application's start in a process that starts many (the e2e host, the benchmark).
 */
const documents = new Map<string, OpenAPIObject>();

function servedDocument(app: NestFastifyApplication, config: AppConfig): OpenAPIObject {
  const known = documents.get(config.publicUrl);
  if (known) return known;
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Documentation platform API')
      .setDescription('GitBook API v1 compatible documentation platform')
      .setVersion('1')
      .setLicense('UNLICENSED', '')
      .addServer(`${config.publicUrl}`)
      // addBearerAuth() would say bearerFormat JWT: API tokens are opaque random strings.
      .addSecurity('bearer', { type: 'http', scheme: 'bearer', description: 'An API token (opaque random string) issued by the CLI' })
      .build(),
  );
  stateValidationRules(app, document);
  documents.set(config.publicUrl, document);
  return document;
}
