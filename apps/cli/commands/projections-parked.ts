/**
 * `projections parked [name]` and `projections retry <name> [--event <id>]`: the events projections
 * parked (their `apply` threw: see libs/platform/src/projections/parking.ts), and applying them
 * again after a fix. Wired in apps/cli/run-cli.ts.
 */
import { Projection, retryParkedEvents, RetryRefused } from '@docs/platform/operations';
import type { CliDeps } from '../cli-commands';
import { withStores } from '../cli-commands';
import { CommandFailed } from '../errors';
import { Printer } from '../output';

const PARKED_COLUMNS = [
  { key: 'projection' },
  { key: 'position', align: 'right' as const },
  { key: 'type', max: 30 },
  { key: 'eventId', header: 'event id' },
  { key: 'stream', max: 40 },
  { key: 'attempts', align: 'right' as const },
  { key: 'failedAt', header: 'failed at' },
  { key: 'error', max: 60 },
];

/**
 * `projections parked [name] [--limit n]`: the parked events of each projection's current
 * generation (or of the one named), in log order, with their error and attempts.
 */
export async function listParked(deps: CliDeps, projections: Projection[], limit: number): Promise<void> {
  const p = new Printer(deps.out, deps.format, PARKED_COLUMNS);
  let more = 0;
  await withStores(deps, async ({ readStore }) => {
    for (const projection of projections) {
      const state = await readStore.getProjectionState(projection.name);
      if (!state || state.version !== projection.version || !state.parked) continue;
      const parked = await readStore.listParkedEvents({
        projection: projection.name,
        version: state.version,
        generation: state.generation,
        limit,
      });
      for (const e of parked) {
        p.row({
          projection: e.projection,
          position: e.position.toString(),
          type: e.type,
          eventId: e.eventId,
          stream: e.streamId,
          attempts: e.attempts,
          parkedAt: e.parkedAt,
          failedAt: e.failedAt,
          error: e.error,
          generation: e.generation,
        });
      }
      more += Math.max(0, state.parked - parked.length);
    }
  });
  if (more > 0) deps.out.error(`${more} more parked event${more === 1 ? '' : 's'} not shown (raise --limit)`);
  p.flush('(no parked events)');
}

/**
 * `projections retry <name> [--event <id>]`: applies the projection's parked events again, in log
 * order, to its current generation; those that now apply are no longer parked, those that still
 * fail stay parked with the new error. Exit code 1 when any still fails (or was not found).
 */
export async function retryParked(deps: CliDeps, projection: Projection, eventId?: string): Promise<number> {
  const p = new Printer(deps.out, deps.format, [
    { key: 'projection' },
    { key: 'position', align: 'right' },
    { key: 'type', max: 30 },
    { key: 'eventId', header: 'event id' },
    { key: 'result' },
    { key: 'attempts', align: 'right' },
    { key: 'error', max: 60 },
  ]);
  const outcomes = await withStores(deps, async ({ events, readStore, describe }) => {
    try {
      return await retryParkedEvents(events, readStore, projection, {
        eventIds: eventId === undefined ? undefined : [eventId],
        onRetry: (error, attempt, delayMs) =>
          deps.out.error(`${describe.readStore} is locked (${(error as Error).message}): retry ${attempt} in ${delayMs} ms`),
      });
    } catch (error) {
      if (error instanceof RetryRefused) throw new CommandFailed(error.message);
      throw error;
    }
  });
  if (eventId !== undefined && outcomes.length === 0) {
    throw new CommandFailed(`event ${eventId} is not parked by ${projection.name} (see \`projections parked ${projection.name}\`)`);
  }
  for (const o of outcomes) {
    p.row({
      projection: o.parked.projection,
      position: o.parked.position.toString(),
      type: o.parked.type,
      eventId: o.parked.eventId,
      result: o.result,
      attempts: o.parked.attempts,
      ...(o.error ? { error: o.error } : {}),
    });
  }
  p.flush(`(${projection.name} has no parked events)`);
  const applied = outcomes.filter((o) => o.result === 'applied').length;
  const failing = outcomes.length - applied;
  if (outcomes.length > 0) {
    deps.out.error(
      `${projection.name}: ${applied} applied and no longer parked, ${failing} still parked` +
        (applied > 0 ? '; a running server sees the change within a second' : ''),
    );
  }
  return failing > 0 ? 1 : 0;
}
