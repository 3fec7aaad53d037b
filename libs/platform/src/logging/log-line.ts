import { writeSync } from 'node:fs';
import { inspect } from 'node:util';
import pino from 'pino';

export type LogFormat = 'json' | 'pretty';

/** Levels as words, least to most severe (pino's names: Nest's `log` is `info`). */
export type LogLevelName = 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * What every line of the server's log holds, whichever part of the server wrote it: `level` as a
 * word, `time` ISO 8601 UTC, `context` (the part: `NestApplication`, `Bootstrap`, `AccessLog`, ...),
 * `msg`, then fields of that kind of line (access lines: method, route, status, durationMs,
 * requestId, caller; errors: stack).
 */
export interface LogLine {
  level: LogLevelName;
  time: string;
  context: string;
  msg: string;
  [field: string]: unknown;
}

export type LogFields = Record<string, unknown>;

const LABELS: Record<LogLevelName, string> = { debug: 'DEBUG', info: 'INFO ', warn: 'WARN ', error: 'ERROR', fatal: 'FATAL' };
const COLOURS: Record<LogLevelName, number> = { debug: 35, info: 32, warn: 33, error: 31, fatal: 31 };
const RESERVED: ReadonlySet<string> = new Set(['level', 'time', 'context', 'msg']);

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]*$/.test(value) && value !== '' ? value : JSON.stringify(value);
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * The human form (LOG_FORMAT=pretty), one time format for every line:
 * `2026-01-31T12:00:00.000Z INFO  [AccessLog] GET /v1/orgs/:organizationId 200 3.12 ms requestId=… caller=…`.
 * A stack, when there is one, follows on its own lines.
 */
export function prettyLine(line: LogLine, colours = false): string {
  const label = colours ? `\u001b[${COLOURS[line.level]}m${LABELS[line.level]}\u001b[39m` : LABELS[line.level];
  let text = `${line.time} ${label} [${line.context}] ${line.msg}`;
  let stack = '';
  for (const [key, value] of Object.entries(line)) {
    if (RESERVED.has(key) || value === undefined) continue;
    if (key === 'stack' && typeof value === 'string') stack = `\n${value}`;
    else text += ` ${key}=${fieldText(value)}`;
  }
  return text + stack;
}

/** A message Nest or a caller passed, as text: errors by their message, other values inspected on one line. */
export function messageText(message: unknown): string {
  if (typeof message === 'string') return message;
  if (message instanceof Error) return message.message;
  return inspect(message, { depth: 4, breakLength: Infinity });
}

export interface LogOptions {
  format: LogFormat;
  /** Where lines go: an asynchronous stdout (written out by `end()`) unless a test passes its own stream. */
  destination?: NodeJS.WritableStream;
  /** Colour the level in pretty lines; by default only when stdout is a terminal. */
  colours?: boolean;
}

/** A stream lines are written to. */
interface Destination {
  write(text: string): unknown;
}

/** How long `end()` waits for buffered lines to be written (a stdout nobody reads must not hold a shutdown). */
const END_WAIT_MS = 2000;

/**
 * Writes log lines, JSON (pino) or pretty, to one destination, so lines from Nest, the access log and
 * the start-up code come out in order and in one shape. The default destination is stdout, written
 * asynchronously (a request never waits for its line): `end()` writes out what is buffered before
 * the process ends.
 */
export class LogWriter {
  private out: Destination;
  private readonly stdout: ReturnType<typeof pino.destination> | null;
  private readonly json: pino.Logger | null;
  private readonly colours: boolean;

  constructor(options: LogOptions) {
    this.stdout = options.destination ? null : pino.destination({ dest: 1, sync: false });
    this.out = options.destination ?? this.stdout!;
    this.colours = options.colours ?? (options.format === 'pretty' && options.destination === undefined && process.stdout.isTTY === true);
    this.json =
      options.format === 'json'
        ? pino(
            {
              level: 'debug',
              base: undefined,
              messageKey: 'msg',
              timestamp: pino.stdTimeFunctions.isoTime,
              formatters: { level: (label) => ({ level: label }) },
            },
            // Through `out`, which end() switches to synchronous writes.
            { write: (text: string) => void this.out.write(text) },
          )
        : null;
  }

  /** `prettyFields`: the fields a pretty line shows (all by default), when `msg` already says the others. */
  write(level: LogLevelName, context: string, msg: string, fields?: LogFields, prettyFields?: readonly string[]): void {
    if (this.json) {
      this.json[level]({ context, ...fields }, msg);
      return;
    }
    const shown = fields && prettyFields ? Object.fromEntries(prettyFields.map((key) => [key, fields[key]])) : fields;
    this.out.write(`${prettyLine({ ...shown, level, time: new Date().toISOString(), context, msg }, this.colours)}\n`);
  }

  /**
   * Writes out the buffered lines (a write may be in flight, which a synchronous flush would not
   * wait for) and resolves once they are, or after END_WAIT_MS; lines written after it go out
   * synchronously. The last step before the process ends.
   */
  async end(): Promise<void> {
    const stdout = this.stdout;
    if (!stdout || this.out !== stdout) return;
    this.out = { write: (text: string) => writeSync(1, text) };
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, END_WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      stdout.once('finish', done);
      stdout.once('error', done);
      stdout.end();
    });
  }
}

let stdoutWriters: Map<LogFormat, LogWriter> | undefined;

/** The process's stdout writer for a format: Nest's logger and the access log share it. */
export function stdoutLog(format: LogFormat): LogWriter {
  stdoutWriters ??= new Map();
  let writer = stdoutWriters.get(format);
  if (!writer) stdoutWriters.set(format, (writer = new LogWriter({ format })));
  return writer;
}
