import Fastify from 'fastify';
import { PassThrough } from 'node:stream';
import { AppLogger } from './app-logger';
import { AccessEntry, installAccessLog } from './access-log';
import { LogFormat, LogLine, LogWriter, prettyLine } from './log-line';

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

function capture() {
  const out = new PassThrough();
  const lines: string[] = [];
  out.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  return { out, lines };
}

async function served(format: LogFormat) {
  const { out, lines } = capture();
  const app = Fastify();
  installAccessLog(app, { format, destination: out });
  app.addHook('preHandler', async (request) => {
    if (request.headers.authorization === 'Bearer secret-token')
      Object.assign(request, { caller: { userId: 'u1', requestId: String(request.id) } });
  });
  app.get('/v1/orgs/:organizationId', async () => ({ ok: true }));
  app.post('/v1/orgs', async () => ({ ok: true }));
  await app.ready();
  return { app, lines };
}

describe('access log', () => {
  it(
    'writes one JSON line per request in the log shape: level word, ISO time, context, msg, then route, ' +
      'status, duration, request id, caller; never tokens or bodies',
    async () => {
      const { app, lines } = await served('json');
      await app.inject({ method: 'GET', url: '/v1/orgs/o123?x=1', headers: { authorization: 'Bearer secret-token' } });
      await app.inject({ method: 'POST', url: '/v1/orgs', payload: { title: 'body-secret' } });
      await app.inject({ method: 'GET', url: '/nowhere/42' });
      await new Promise((r) => setImmediate(r));
      const entries = lines.map((l) => JSON.parse(l) as AccessEntry & LogLine);
      expect(entries).toHaveLength(3);
      expect(entries[0]).toEqual({
        level: 'info',
        time: expect.stringMatching(ISO_TIME),
        context: 'AccessLog',
        msg: expect.stringMatching(/^GET \/v1\/orgs\/:organizationId 200 [\d.]+ ms$/),
        method: 'GET',
        route: '/v1/orgs/:organizationId',
        status: 200,
        durationMs: expect.any(Number),
        requestId: expect.any(String),
        caller: 'u1',
      });
      expect(entries[1]).toMatchObject({ method: 'POST', route: '/v1/orgs', status: 200 });
      expect(entries[1]!.caller).toBeUndefined();
      expect(entries[2]).toMatchObject({ route: '/nowhere/42', status: 404 });
      expect(lines.join('\n')).not.toMatch(/secret|body-secret|authorization/i);
      await app.close();
    },
  );

  it('writes a human line with LOG_FORMAT=pretty, with the same ISO time as every other line', async () => {
    const { app, lines } = await served('pretty');
    await app.inject({ method: 'GET', url: '/v1/orgs/o1', headers: { authorization: 'Bearer secret-token' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z INFO {2}\[AccessLog\] GET \/v1\/orgs\/:organizationId 200 [\d.]+ ms requestId=\S+ caller=u1$/,
    );
    await app.close();
  });
});

describe('prettyLine', () => {
  it('puts time, level and context first, then the message and the fields; a stack on its own lines', () => {
    const line: LogLine = {
      level: 'error',
      time: '1970-01-01T00:00:00.000Z',
      context: 'Bootstrap',
      msg: 'failed',
      path: '/a b',
      stack: 'Error: x\n    at y (z.js:1:1)',
    };
    expect(prettyLine(line)).toBe('1970-01-01T00:00:00.000Z ERROR [Bootstrap] failed path="/a b"\nError: x\n    at y (z.js:1:1)');
    expect(prettyLine({ ...line, stack: undefined }, true)).toBe(
      '1970-01-01T00:00:00.000Z \u001b[31mERROR\u001b[39m [Bootstrap] failed path="/a b"',
    );
  });
});

describe('AppLogger', () => {
  function logger(levels: ConstructorParameters<typeof AppLogger>[0], format: LogFormat) {
    const { out, lines } = capture();
    return { logger: new AppLogger(levels, format, false, new LogWriter({ format, destination: out })), lines };
  }

  it('writes Nest lines in the log shape: level as a word (log is info), ISO time, context, msg', () => {
    const { logger: log, lines } = logger(['log', 'warn', 'error'], 'json');
    log.log('started', 'NestApplication');
    log.warn('careful', 'Bootstrap');
    log.error('broke', 'Error: broke\n    at somewhere (file.js:1:2)', 'ExceptionsHandler');
    log.error(new Error('thrown'));
    const parsed = lines.map((l) => JSON.parse(l) as LogLine);
    expect(parsed[0]).toEqual({ level: 'info', time: expect.stringMatching(ISO_TIME), context: 'NestApplication', msg: 'started' });
    expect(parsed[1]).toEqual({ level: 'warn', time: expect.stringMatching(ISO_TIME), context: 'Bootstrap', msg: 'careful' });
    expect(parsed[2]).toEqual({
      level: 'error',
      time: expect.any(String),
      context: 'ExceptionsHandler',
      msg: 'broke',
      stack: expect.stringContaining('at somewhere'),
    });
    expect(parsed[3]).toMatchObject({
      level: 'error',
      context: 'Application',
      msg: 'thrown',
      stack: expect.stringContaining('Error: thrown'),
    });
    expect(parsed).toHaveLength(4);
  });

  it('puts route mapping at debug level, and writes no colour codes off a terminal', () => {
    const { logger: log, lines } = logger(['log', 'warn', 'error'], 'pretty');
    log.log('Mapped {/v1/orgs, GET} route', 'RouterExplorer');
    log.log('Nest application successfully started', 'NestApplication');
    log.debug('not shown at info', 'Anything');
    expect(lines).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z INFO {2}\[NestApplication\] Nest application successfully started$/),
    ]);
  });

  it('shows route mapping at debug level', () => {
    const { logger: log, lines } = logger(['debug', 'log'], 'json');
    log.log('Mapped {/v1/orgs, GET} route', 'RouterExplorer');
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'debug', context: 'RouterExplorer' });
  });
});
