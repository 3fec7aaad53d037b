import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { CliDeps, ReadOptions } from './cli-commands';
import { UsageError } from './errors';
import { chooseFormat, Output } from './output';

/**
 * The commands' code (the platform's store kit, every context's projections): loaded when a command runs, so `--help`
 * answers at once. None of it loads the server's modules or HTTP libraries (test/architecture/cli-loads-light.spec.ts).
 */
type Commands = typeof import('./cli-commands');
/** A command's body; a number it returns is the exit code (handlers of the form `(args, io) => exitCode` fit). */
// biome-ignore lint/suspicious/noConfusingVoidType: most bodies are `async` functions that return nothing, which only `void` admits.
type Work = (commands: Commands, deps: CliDeps) => Promise<void | number>;

/** What the token commands (apps/cli/commands/tokens-*.ts) need: the output, the environment and the operator. */
function tokenIo(deps: CliDeps) {
  return {
    line: (t: string) => deps.out.line(t),
    error: (t: string) => deps.out.error(t),
    stdoutIsTTY: deps.format !== 'json',
    env: deps.env,
    actor: deps.actor,
  };
}

/** How the README tells operators to run the CLI (`-s` keeps npm's banner off stdout, so it pipes cleanly). */
export const PROGRAM = 'npm run -s cli --';

/** Exit codes: 0 done, 1 the command failed, 2 the command line is wrong (usage on stderr). */
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

interface GlobalOptions {
  json?: boolean;
  table?: boolean;
}

function example(...lines: string[]): string {
  return `\nExample${lines.length > 1 ? 's' : ''}:\n${lines.map((l) => `  $ ${PROGRAM} ${l}`).join('\n')}\n`;
}

function positiveInt(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new InvalidArgumentError('must be a positive integer.');
  return Number(raw);
}

function position(raw: string): bigint {
  if (!/^\d+$/.test(raw)) throw new InvalidArgumentError('must be a log position (digits).');
  return BigInt(raw);
}

function time(raw: string): number {
  const at = Date.parse(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(at)) {
    throw new InvalidArgumentError('must be an ISO 8601 time such as 2026-01-31T12:00:00Z (or a date, 2026-01-31).');
  }
  return at;
}

/** `--type A --type B,C`: every type named, in order. */
function eventTypes(raw: string, previous: string[] = []): string[] {
  const types = raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (types.length === 0) throw new InvalidArgumentError('must name an event type, e.g. UserRegistered.');
  return [...previous, ...types];
}

/** `help a b` is `a b --help` (commander's own help command looks one level down only). */
function expandHelp(argv: string[]): string[] {
  if (argv[0] === 'help' && argv.length > 2) return [...argv.slice(1), '--help'];
  return argv;
}

/**
 * The command tree. Every command and group has its own `--help` (usage, options, an example);
 * `help [command...]` works too. Groups (`tokens`, `projections`, `events`, `users`) take more
 * subcommands without touching the others (`tokens list`, `tokens revoke` belong in `tokens`).
 */
export function buildProgram(out: Output, run: (work: Work) => Promise<void>): Command {
  const program = new Command(PROGRAM)
    .description('Operator CLI of the documentation platform: tokens, users, projections and the event log.')
    .addOption(new Option('--json', 'print JSON lines (the default when stdout is not a terminal)').conflicts('table'))
    .addOption(new Option('--table', 'print a table (the default on a terminal)'))
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .configureOutput({
      writeOut: (text) => out.line(text.replace(/\n$/, '')),
      writeErr: (text) => out.error(text.replace(/\n$/, '')),
    })
    .exitOverride()
    .showHelpAfterError('(add --help for usage, options and an example)')
    .showSuggestionAfterError()
    .addHelpText(
      'after',
      `
Results go to stdout: a table on a terminal, JSON lines when piped or with --json. Progress and
notes go to stderr. Configuration comes from the server's environment variables (DATA_DIR,
EVENTSTORE_URL, MONGO_URL, ...). Exit codes: 0 done, 1 failed, 2 wrong command line.
${example('tokens create --email you@example.com --name laptop | jq -r .token', 'projections status', 'help events read')}`,
    );
  // Groups of commands: each has its own help, lists its subcommands and runs none by itself.
  const group = (name: string, description: string, ...examples: string[]) =>
    program
      .command(name)
      .description(description)
      .addHelpText('after', example(...examples));

  const tokens = group('tokens', 'API tokens', 'tokens create --email you@example.com --name laptop');
  tokens
    .command('create')
    .description('create the user if absent and print a new API token for it as one JSON line (shown once; only its hash is stored)')
    .requiredOption('--email <email>', "the user's e-mail address")
    .option('--name <name>', 'a name for the token, to tell it apart later', 'cli')
    .option('--expires-in <duration>', 'a lifetime such as 90m, 12h, 30d or 2w (default: never expires)')
    .addHelpText(
      'after',
      example(
        'tokens create --email you@example.com --name laptop | jq -r .token',
        'tokens create --email ci@example.com --name ci --expires-in 30d',
      ),
    )
    .action((options: { email: string; name: string; expiresIn?: string }) =>
      run(async (_c, deps) =>
        (await import('./commands/tokens-create')).tokensCreate(
          { email: options.email, name: options.name, expiresIn: options.expiresIn },
          tokenIo(deps),
        ),
      ),
    );
  tokens
    .command('list')
    .description('list API tokens: id, name, owner, created, last used, expiry and status (never secrets)')
    .addHelpText('after', example('tokens list', 'tokens list --json | jq -r .id'))
    .action(() =>
      run(async (_c, deps) => (await import('./commands/tokens-list')).tokensList({ json: deps.format === 'json' }, tokenIo(deps))),
    );
  tokens
    .command('revoke')
    .argument('<id>', 'the token id (tokens list shows it)')
    .description('revoke an API token: a running server refuses it within a second, and it stays revoked')
    .addHelpText('after', example('tokens revoke 3kT9xq0bB2mV7cLwZr1e'))
    .action((id: string) => run(async (_c, deps) => (await import('./commands/tokens-revoke')).tokensRevoke({ id }, tokenIo(deps))));

  const users = group('users', 'users known to the read models', 'users list');
  users
    .command('list')
    .description('list users: id, e-mail, name, created')
    .addHelpText('after', example('users list', 'users list --json | jq -r .email'))
    .action(() => run((c, deps) => c.listUsers(deps)));

  const webhooks = group('webhooks', 'webhook subscriptions and their deliveries (docs/webhooks.md)', 'webhooks list');
  webhooks
    .command('list')
    .description('list webhook subscriptions: id, organization, url, events, active, why disabled (never secrets)')
    .option('--org <organizationId>', "only this organization's")
    .addHelpText('after', example('webhooks list', 'webhooks list --org 3f2c9a1e --json | jq -r .url'))
    .action((options: { org?: string }) => run(async (_c, deps) => (await import('./commands/webhooks')).webhooksList(deps, options.org)));
  webhooks
    .command('deliveries')
    .argument('<webhookId>', 'the subscription (webhooks list shows it)')
    .description("a subscription's delivery log, newest event first: id (the webhook-id), type, status, attempts")
    .addOption(new Option('--status <status>', 'only deliveries in this state').choices(['pending', 'delivered', 'failed', 'skipped']))
    .addHelpText('after', example('webhooks deliveries 7ppuI9rOJNPX7dUwxe56 --status failed'))
    .action((webhookId: string, options: { status?: string }) =>
      run(async (_c, deps) => (await import('./commands/webhooks')).webhooksDeliveries(deps, webhookId, options.status)),
    );
  webhooks
    .command('redeliver')
    .argument('<webhookId>', 'the subscription')
    .description('deliver again one delivery, or every failed one of events since a time (the running server sends them)')
    .addOption(new Option('--delivery <deliveryId>', 'the delivery (its webhook-id)').conflicts('since'))
    .option('--since <time>', 'every failed delivery of events at or after this ISO 8601 time', time)
    .addHelpText(
      'after',
      example('webhooks redeliver 7ppuI9rOJNPX7dUwxe56 --since 2026-11-01', 'webhooks redeliver 7ppuI9rOJNPX7dUwxe56 --delivery msg_x'),
    )
    .action((webhookId: string, options: { delivery?: string; since?: number }, command: Command) => {
      if (options.delivery === undefined && options.since === undefined)
        command.error('error: webhooks redeliver needs --delivery <deliveryId> or --since <time>', { exitCode: EXIT_USAGE });
      const since = options.since === undefined ? undefined : new Date(options.since).toISOString();
      return run(async (_c, deps) =>
        (await import('./commands/webhooks')).webhooksRedeliver(deps, webhookId, { delivery: options.delivery, since }),
      );
    });

  const projections = group(
    'projections',
    'projections: the read models built from the event log',
    'projections status',
    'projections replay --all',
  );
  projections
    .command('list')
    .description('list projections with their version, collections and handled event types')
    .addHelpText('after', example('projections list'))
    .action(() => run((c, deps) => c.listProjections(deps)));
  projections
    .command('status')
    .description('checkpoint, log head and lag (events of the log still to apply) of every projection')
    .addHelpText('after', example('projections status'))
    .action(() => run((c, deps) => c.projectionStatus(deps)));
  projections
    .command('replay')
    .description(
      'rebuild projections from the start of the log into a fresh copy of their collections, one after the other; ' +
        'each copy is swapped in when caught up (a running server keeps serving the old one until then) and the old copy dropped',
    )
    .argument('[names...]', 'projections to replay (see `projections list`)')
    .option('--all', 'replay every projection')
    .addHelpText('after', example('projections replay users organizations', 'projections replay --all'))
    .action((names: string[], options: { all?: boolean }) =>
      run(async (c, deps) => c.replayProjections(deps, c.projectionsToReplay(await deps.registry(), names, options.all === true))),
    );
  projections
    .command('pause')
    .description(
      'pause projections: a running server stops applying events to them within a second, and they stay paused ' +
        'across restarts and replays until resumed; reads answer from what they hold',
    )
    .argument('[names...]', 'projections to pause (see `projections list`)')
    .option('--all', 'pause every projection')
    .addHelpText('after', example('projections pause search', 'projections pause --all'))
    .action((names: string[], options: { all?: boolean }) =>
      run(async (c, deps) => c.pauseProjections(deps, c.projectionsToReplay(await deps.registry(), names, options.all === true, 'pause'))),
    );
  projections
    .command('resume')
    .description('resume paused (or failed) projections from their checkpoint: a running server within a second, otherwise the next start')
    .argument('[names...]', 'projections to resume (see `projections list`)')
    .option('--all', 'resume every projection')
    .addHelpText('after', example('projections resume search', 'projections resume --all'))
    .action((names: string[], options: { all?: boolean }) =>
      run(async (c, deps) =>
        c.resumeProjections(deps, c.projectionsToReplay(await deps.registry(), names, options.all === true, 'resume')),
      ),
    );
  projections
    .command('reset')
    .description(
      'start a projection over from the start of the log, in place and without waiting: an empty generation is swapped in at once ' +
        'and a running server rebuilds it (the next start otherwise); reads see the partial copy until it catches up ' +
        '(`projections replay` rebuilds in the background instead)',
    )
    .argument('<name>', 'the projection to reset (see `projections list`)')
    .addHelpText('after', example('projections reset search'))
    .action((name: string) =>
      run(async (c, deps) => c.resetProjection(deps, c.projectionsToReplay(await deps.registry(), [name], false, 'reset')[0]!)),
    );
  projections
    .command('parked')
    .description(
      'events projections parked: their code threw on them, so they were recorded with the error and skipped, and the projection ' +
        'kept running (a running server counts them in GET /ready); in log order, current generation',
    )
    .argument('[name]', 'only this projection (see `projections list`)')
    .option('--limit <n>', 'at most this many per projection', positiveInt, 100)
    .addHelpText('after', example('projections parked', 'projections parked organizations --json | jq -r .eventId'))
    .action((name: string | undefined, options: { limit: number }) =>
      run(async (c, deps) => {
        const registry = await deps.registry();
        const projections = name === undefined ? registry.all() : c.projectionsToReplay(registry, [name], false, 'list');
        await (await import('./commands/projections-parked')).listParked(deps, projections, options.limit);
      }),
    );
  projections
    .command('retry')
    .description(
      "apply a projection's parked events again, in log order, to its current generation (after a fix): those that apply are no " +
        'longer parked, those that still fail stay parked with the new error (exit code 1); a running server sees it within a second',
    )
    .argument('<name>', 'the projection (see `projections parked`)')
    .option('--event <id>', 'only this parked event (its event id)')
    .addHelpText(
      'after',
      example('projections retry organizations', 'projections retry organizations --event 5f0c7e1a-9d2b-4c3e-8f1a-2b3c4d5e6f70'),
    )
    .action((name: string, options: { event?: string }) =>
      run(async (c, deps) => {
        const projection = c.projectionsToReplay(await deps.registry(), [name], false, 'retry')[0]!;
        return (await import('./commands/projections-parked')).retryParked(deps, projection, options.event);
      }),
    );
  projections
    .command('leftovers')
    .description(
      'list what no projection state points at: collections of generations a replay replaced or abandoned, or of older versions, ' +
        'parked events of such generations, replays whose process died (nothing is changed; `projections drop-leftovers` drops them)',
    )
    .addHelpText('after', example('projections leftovers'))
    .action(() => run(async (_c, deps) => (await import('./commands/projections-leftovers')).listLeftovers(deps)));
  projections
    .command('drop-leftovers')
    .description(
      'drop what `projections leftovers` lists, as it is now: collections no state points at, parked events of such generations; ' +
        'dead replays are marked failed. Generations in use, a replay in progress included, are kept',
    )
    .addHelpText('after', example('projections leftovers', 'projections drop-leftovers'))
    .action(() => run(async (_c, deps) => (await import('./commands/projections-leftovers')).dropLeftoversCommand(deps)));

  const events = group('events', 'the event log', 'events streams', 'events read --stream organization-<id>');
  events
    .command('read')
    .description(
      'print one stream (revision order), the global log, or the events of the global log that concern a space ' +
        '(position order): position, stream, type, data, metadata',
    )
    .option('--stream <stream>', 'the stream to read, e.g. organization-<id> (see `events streams`)')
    .addOption(new Option('--all', 'read the global log').conflicts('stream'))
    .addOption(
      new Option(
        '--space <spaceId>',
        "read the global log's events that concern this space: its own, its change requests', comments' and " +
          'any whose data names it as spaceId',
      ).conflicts('stream'),
    )
    .option('--from <position>', 'with --all or --space: start after this position (before it with --backwards)', position)
    .option('--limit <n>', 'at most this many events (--all, --space: default 1000)', positiveInt)
    .option('--backwards', 'newest first')
    .option('--type <type>', 'only events of this type, a known one (`events types`); repeat it, or separate types with commas', eventTypes)
    .option('--correlation <id>', 'only events with this correlation id (one request or command across streams)')
    .option('--actor <id>', 'only events recorded with this actor (a user id, or cli:<user>@<host>)')
    .option('--since <time>', 'only events that occurred at or after this ISO 8601 time', time)
    .option('--until <time>', 'only events that occurred before this ISO 8601 time', time)
    .addOption(
      new Option('--follow', 'keep printing events as they are appended, until interrupted (Ctrl-C) or --limit').conflicts('backwards'),
    )
    .option('--poll-interval <ms>', 'with --follow: how often to look for new events', positiveInt, 500)
    .addHelpText(
      'after',
      `
Filters combine (an event must pass them all); --limit counts the events printed. --follow starts
after --from, or at the head of the log (only new events); with --stream, after the stream's events;
it says on stderr when it is ready and after which position. --all and --space scan the log in
batches of 1,000, each printed before the next is read (on a terminal, one table per batch).
${example(
  'events read --stream organization-3f2c9a1e-0000-4000-8000-000000000000',
  'events read --space 8Kq2mZ0xYbW4vN7cLr1e --limit 50',
  'events read --all --backwards --limit 20',
  'events read --all --from 1200 --limit 100 --json',
  'events read --all --type ApiTokenIssued,ApiTokenRevoked --since 2026-01-01',
  'events read --all --correlation 6b1f0c7e-5a8d-4c2e-9f1a-1d2e3f4a5b6c',
  'events read --all --follow --actor cli:alice@build-01',
)}`,
    )
    .action((options: ReadOptions, command: Command) => {
      if (options.stream === undefined && !options.all && options.space === undefined) {
        command.error('error: events read needs --stream <stream>, --all or --space <spaceId>', { exitCode: EXIT_USAGE });
      }
      if (options.from !== undefined && !options.all && options.space === undefined)
        command.error('error: --from applies to --all and --space', { exitCode: EXIT_USAGE });
      return run((c, deps) => c.readEvents(deps, options));
    });
  events
    .command('types')
    .description(
      'the event types the application knows (what --type accepts), with their audit trail label and the projections that apply them',
    )
    .addHelpText('after', example('events types', 'events types --json | jq -r .type'))
    .action(() => run(async (_c, deps) => (await import('./event-types')).listEventTypes(deps)));
  events
    .command('streams')
    .description('the streams of the log by category (the stream id up to its first "-"), with stream and event counts')
    .option('--category <category>', "list this category's streams with their event counts")
    .addHelpText('after', example('events streams', 'events streams --category organization'))
    .action((options: { category?: string }) => run((c, deps) => c.listStreams(deps, options.category)));

  return program;
}

/** Runs one CLI command; returns the process exit code. */
export async function runCli(argv: string[], out: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let program: Command;
  let exitCode = 0;
  const run = async (work: Work) => {
    const global = program.opts<GlobalOptions>();
    // Configuration is read only when a command runs: `--help` works whatever the environment.
    const [commands, { loadConfig, ProjectionRegistry, UpcasterRegistry }] = await Promise.all([
      import('./cli-commands'),
      import('@docs/platform/operations'),
    ]);
    let registry: Promise<InstanceType<typeof ProjectionRegistry>> | undefined;
    const deps: CliDeps = {
      config: loadConfig(env),
      registry: () => (registry ??= import('../api/projections').then((app) => new ProjectionRegistry(app.ALL_PROJECTIONS))),
      upcasters: new UpcasterRegistry(),
      out,
      format: chooseFormat(global, out),
      actor: commands.operatorActor(env),
      env,
    };
    const code = await work(commands, deps);
    if (typeof code === 'number') exitCode = code;
  };
  program = buildProgram(out, run);
  try {
    await program.parseAsync(expandHelp(argv), { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help, help and --version end here too, with exit code 0.
      if (error.exitCode === 0) return 0;
      return EXIT_USAGE;
    }
    if (error instanceof UsageError) {
      out.error(`error: ${error.message}\n(add --help for usage, options and an example)`);
      return EXIT_USAGE;
    }
    // CommandFailed (unknown stream or projection, ...) and store errors alike: one line, exit 1.
    out.error(`error: ${(error as Error).message}`);
    return EXIT_FAILED;
  }
}
