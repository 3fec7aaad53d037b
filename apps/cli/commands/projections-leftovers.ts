/**
 * `projections leftovers` and `projections drop-leftovers`: what no projection state points at any
 * more (libs/platform/src/projections/leftovers.ts), listed, then dropped. Wired in apps/cli/run-cli.ts.
 */
import { dropLeftovers, findLeftovers, Leftover } from '@docs/platform/operations';
import type { CliDeps } from '../cli-commands';
import { withStores } from '../cli-commands';
import { Printer } from '../output';

const COLUMNS = [
  { key: 'kind' },
  { key: 'name', max: 50 },
  { key: 'projection' },
  { key: 'version', align: 'right' as const },
  { key: 'generation', header: 'gen', align: 'right' as const },
  { key: 'count', align: 'right' as const },
  { key: 'reason', max: 90 },
];

const row = (l: Leftover) => ({
  kind: l.kind,
  name: l.name,
  projection: l.projection,
  version: l.version,
  generation: l.generation,
  count: l.count ?? null,
  reason: l.reason,
});

/** `projections leftovers`: lists them (nothing is changed). */
export async function listLeftovers(deps: CliDeps): Promise<void> {
  const p = new Printer(deps.out, deps.format, COLUMNS);
  const found = await withStores(deps, async ({ readStore }) => findLeftovers(readStore, await deps.registry()));
  for (const l of found) p.row(row(l));
  if (found.length > 0)
    deps.out.error(`${found.length} leftover${found.length === 1 ? '' : 's'}: \`projections drop-leftovers\` drops them`);
  p.flush('(no leftovers: every collection and parked event belongs to a generation in use)');
}

/** `projections drop-leftovers`: drops what is left over now, and lists what it dropped. */
export async function dropLeftoversCommand(deps: CliDeps): Promise<void> {
  const p = new Printer(deps.out, deps.format, COLUMNS);
  const dropped = await withStores(deps, async ({ readStore, describe }) =>
    dropLeftovers(readStore, await deps.registry(), (error, attempt, delayMs) =>
      deps.out.error(`${describe.readStore} is locked (${(error as Error).message}): retry ${attempt} in ${delayMs} ms`),
    ),
  );
  for (const l of dropped) p.row(row(l));
  if (dropped.length > 0) deps.out.error(`dropped ${dropped.length} leftover${dropped.length === 1 ? '' : 's'}`);
  p.flush('(no leftovers to drop)');
}
