import { LoggerService, LogLevel } from '@nestjs/common';
import { LogFields, LogFormat, LogLevelName, LogWriter, messageText, stdoutLog } from './log-line';

/** Nest's start-up chatter: one line per module, controller and route. Useful when debugging, noise otherwise. */
const NOISY_CONTEXTS: ReadonlySet<string> = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

/** Nest's level names as the log's words (Nest's `log` is `info`). */
const WORDS: Record<LogLevel, LogLevelName> = {
  verbose: 'debug',
  debug: 'debug',
  log: 'info',
  warn: 'warn',
  error: 'error',
  fatal: 'fatal',
};

const STACK = /^.*\n\s+at .+/s;

/**
 * The application's logger for Nest (`new Logger('Context')` anywhere in the server ends here): one
 * line per message in the log's one shape (log-line.ts), JSON lines (LOG_FORMAT=json, the default) or
 * human lines (pretty), coloured only on a terminal, with the route-mapping noise at debug level.
 */
export class AppLogger implements LoggerService {
  private levels: ReadonlySet<LogLevel>;
  private readonly writer: LogWriter;

  /** `isTerminal` colours pretty lines (stdout's own by default); `writer` is where lines go (stdout by default). */
  constructor(levels: LogLevel[], format: LogFormat, isTerminal?: boolean, writer?: LogWriter) {
    this.levels = new Set(levels);
    this.writer =
      writer ?? (isTerminal === undefined ? stdoutLog(format) : new LogWriter({ format, colours: format === 'pretty' && isTerminal }));
  }

  setLogLevels(levels: LogLevel[]): void {
    this.levels = new Set(levels);
  }

  log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    this.print(typeof context === 'string' && NOISY_CONTEXTS.has(context) ? 'debug' : 'log', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.print('warn', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.print('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.print('verbose', message, rest);
  }

  /** Nest calls it as `error(message, stack?, context?)`. */
  error(message: unknown, ...rest: unknown[]): void {
    this.print('error', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.print('fatal', message, rest);
  }

  private print(level: LogLevel, message: unknown, rest: unknown[]): void {
    if (!this.levels.has(level)) return;
    const params = [...rest];
    // Nest passes the context last (a Logger created with one always does).
    const last = params[params.length - 1];
    const context = typeof last === 'string' && !STACK.test(last) ? (params.pop() as string) : 'Application';
    const fields: LogFields = {};
    let stack = message instanceof Error ? message.stack : undefined;
    for (const param of params) {
      if (typeof param === 'string' && STACK.test(param)) stack = param;
      else if (param instanceof Error) stack = param.stack;
      else if (param !== undefined) fields.detail = messageText(param);
    }
    if (stack !== undefined) fields.stack = stack;
    this.writer.write(WORDS[level], context, messageText(message), fields);
  }
}
