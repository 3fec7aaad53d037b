import type { Projection } from '@docs/platform/operations';
import type { CliDeps } from './cli-commands';
import { UsageError } from './errors';
import { Printer } from './output';

/** One event type the application knows, and what records it. */
export interface EventTypeInfo {
  type: string;
  /** The organization audit trail's label for it; null when the trail leaves it out. */
  audit: string | null;
  /** The projections that apply it. */
  projections: string[];
}

/**
 * Every event type the application writes, from where the code registers them: the contexts' audit
 * catalogs (composed in apps/api/projections.ts), the projections' handlers, and the few events
 * neither records (CONTENT_UNAUDITED_EVENT_TYPES). event-types.spec.ts checks that every event a
 * domain declares is among them. Sorted by type.
 */
export async function knownEventTypes(projections: readonly Projection[]): Promise<EventTypeInfo[]> {
  const [{ AUDITED_ACTIONS }, { CONTENT_UNAUDITED_EVENT_TYPES }] = await Promise.all([
    import('../api/projections'),
    import('@docs/content/projections'),
  ]);
  const known = new Map<string, EventTypeInfo>();
  const entry = (type: string) => {
    let info = known.get(type);
    if (!info) known.set(type, (info = { type, audit: null, projections: [] }));
    return info;
  };
  for (const { id, label } of AUDITED_ACTIONS.list()) entry(id).audit = label;
  for (const projection of projections) for (const type of projection.handles) entry(type).projections.push(projection.name);
  for (const type of CONTENT_UNAUDITED_EVENT_TYPES) entry(type);
  return [...known.values()].sort((a, b) => a.type.localeCompare(b.type));
}

/** Edit distance (insertions, deletions, substitutions), for "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The known type closest to `type`, when it is close enough to be a typo (or differs only in case). */
export function closestType(type: string, known: readonly string[]): string | undefined {
  let best: { type: string; distance: number } | undefined;
  for (const candidate of known) {
    const d = candidate.toLowerCase() === type.toLowerCase() ? 0 : distance(type, candidate);
    if (!best || d < best.distance) best = { type: candidate, distance: d };
  }
  return best && best.distance <= Math.max(2, Math.floor(type.length / 4)) ? best.type : undefined;
}

/** `--type` names only known types: an unknown one is a wrong command line (exit 2), with the nearest known type. */
export function checkEventTypes(types: readonly string[], known: readonly EventTypeInfo[]): void {
  const names = known.map((k) => k.type);
  const set = new Set(names);
  for (const type of types) {
    if (set.has(type)) continue;
    const near = closestType(type, names);
    throw new UsageError(
      `--type: unknown event type ${type}${near ? ` (did you mean ${near}?)` : ''}; \`events types\` lists the ${names.length} known types`,
    );
  }
}

/** `events types`: every known event type, with its audit label and the projections that apply it. */
export async function listEventTypes(deps: CliDeps): Promise<void> {
  const p = new Printer(deps.out, deps.format, [
    { key: 'type' },
    { key: 'audit', max: 50 },
    { key: 'projections', value: (r) => (r.projections as string[]).join(', '), max: 60 },
  ]);
  for (const info of await knownEventTypes((await deps.registry()).all())) p.row({ ...info });
  p.flush('(no event types)');
}
