import { parseArgs } from 'node:util';
import { loadConfig, ProjectionRegistry, UpcasterRegistry } from '@docs/platform';
import { ALL_PROJECTIONS } from '../api/app.module';
import {
  CliDeps, createToken, listProjections, listUsers, Output, projectionStatus, readAll, readStream, replayProjection, UsageError,
} from './cli-commands';

export const USAGE = `Usage: npm run cli -- <command>

  tokens create --email E [--name N]   create the user if absent; print a new API token (once)
  users list                           list users
  projections list                     list projections with their version and collections
  projections status                   checkpoint, log head and lag of every projection
  projections replay <name>            rebuild a projection into a fresh copy, swap it in when caught up
  events read --stream S               print one stream as JSON lines
  events read --all [--from P] [--limit N]
                                       print the global log after position P (default: start), N lines (default 1000)

Configuration comes from the same environment variables as the server (DATA_DIR, EVENTSTORE_URL, MONGO_URL, ...).`;

function positiveInt(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new UsageError(`--${name} must be a positive integer`);
  return Number(raw);
}

/** Runs one CLI command; returns the process exit code. */
export async function runCli(argv: string[], out: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        stream: { type: 'string' },
        all: { type: 'boolean' },
        from: { type: 'string' },
        limit: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    out.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [group, action, arg] = positionals;
  if (values.help || !group) {
    out.line(USAGE);
    return values.help ? 0 : 2;
  }
  const deps: CliDeps = {
    config: loadConfig(env),
    registry: new ProjectionRegistry(ALL_PROJECTIONS),
    upcasters: new UpcasterRegistry(),
    out,
  };
  try {
    const command = `${group} ${action ?? ''}`.trim();
    switch (command) {
      case 'tokens create':
        if (!values.email) throw new UsageError('tokens create needs --email');
        await createToken(deps, values.email, values.name);
        break;
      case 'users list':
        await listUsers(deps);
        break;
      case 'projections list':
        await listProjections(deps);
        break;
      case 'projections status':
        await projectionStatus(deps);
        break;
      case 'projections replay':
        if (!arg) throw new UsageError('projections replay needs a projection name (see projections list)');
        await replayProjection(deps, arg);
        break;
      case 'events read':
        if (values.stream) await readStream(deps, values.stream);
        else if (values.all) {
          if (values.from !== undefined && !/^\d+$/.test(values.from)) throw new UsageError('--from must be a position (digits)');
          await readAll(deps, values.from === undefined ? null : BigInt(values.from), positiveInt(values.limit, 'limit', 1000));
        } else throw new UsageError('events read needs --stream S or --all');
        break;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      out.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    out.error(`error: ${(error as Error).message}`);
    return 1;
  }
}
