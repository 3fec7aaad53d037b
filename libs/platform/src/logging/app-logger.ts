import { ConsoleLogger, LogLevel } from '@nestjs/common';
import type { LogFormat } from './access-log';

/** Nest's start-up chatter: one line per module, controller and route. Useful when debugging, noise otherwise. */
const NOISY_CONTEXTS: ReadonlySet<string> = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

/**
 * The application's logger: Nest's ConsoleLogger as JSON lines (LOG_FORMAT=json, the default) or
 * human lines (pretty), coloured only on a terminal, with the route-mapping noise at debug level.
 */
export class AppLogger extends ConsoleLogger {
  constructor(levels: LogLevel[], format: LogFormat, isTerminal: boolean = process.stdout.isTTY === true) {
    super({ logLevels: levels, json: format === 'json', colors: format === 'pretty' && isTerminal });
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (typeof context === 'string' && NOISY_CONTEXTS.has(context)) super.debug(message, ...rest);
    else super.log(message, ...rest);
  }
}
