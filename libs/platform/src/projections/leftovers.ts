import { ProjectionState, ReadStore } from '../read-store/read-store';
import { ProjectionRegistry } from './projection-registry';
import { withRetries } from './store-failures';

/**
 * A replay that has made no progress for this long is taken for dead (its process was killed): its
 * generation no longer counts as in use. Replays move their state at every batch of 10,000 events.
 */
export const ABANDONED_REPLAY_MS = 10 * 60 * 1000;

/** Something in the read store that no projection state points at. */
export interface Leftover {
  kind: 'collection' | 'parked' | 'replay';
  /** The collection's physical name, the projection's name (parked events) or the replay state's name. */
  name: string;
  projection: string | null;
  version: number | null;
  generation: number | null;
  /** Parked events: how many. */
  count?: number;
  reason: string;
}

const PHYSICAL = /^(.+)_v(\d+)(?:_g(\d+))?$/;

/** What a state points at: its projection's version and generation. */
interface InUse {
  version: number;
  generation: number;
}

/**
 * `projections leftovers`: collections, parked events and replay states of generations that no
 * projection state points at: generations a replay replaced but could not drop (killed during its
 * wait, a locked database), those a failed replay was building, those of older versions, and those
 * of replays whose process died. A live state points at its generation whatever its status; a
 * replay in progress (state `<name>:replay`, status `rebuilding`, progress within
 * ABANDONED_REPLAY_MS) at the one it builds.
 */
export async function findLeftovers(store: ReadStore, registry: ProjectionRegistry, now = Date.now()): Promise<Leftover[]> {
  const states = new Map((await store.listProjectionStates()).map((s) => [s.name, s]));
  const leftovers: Leftover[] = [];
  const inUse = (projection: string): InUse[] => {
    const used: InUse[] = [];
    const live = states.get(projection);
    if (live) used.push(live);
    const replay = states.get(`${projection}:replay`);
    if (replay && replay.status === 'rebuilding' && !abandoned(replay, now)) used.push(replay);
    return used;
  };
  const describeUse = (projection: string) => {
    const live = states.get(projection);
    return live ? `${projection} is at version ${live.version}, generation ${live.generation}` : `${projection} has no state`;
  };

  for (const collection of await store.listCollections()) {
    const match = PHYSICAL.exec(collection);
    if (!match) continue; // not a projection's collection: not ours to judge
    const [, logical, v, g] = match;
    const version = Number(v);
    const generation = g === undefined ? 0 : Number(g);
    let owner: string;
    try {
      owner = registry.ownerOf(logical!).name;
    } catch {
      leftovers.push({
        kind: 'collection',
        name: collection,
        projection: null,
        version,
        generation,
        reason: `no projection declares collection ${logical}`,
      });
      continue;
    }
    if (inUse(owner).some((u) => u.version === version && u.generation === generation)) continue;
    leftovers.push({
      kind: 'collection',
      name: collection,
      projection: owner,
      version,
      generation,
      reason: `${describeUse(owner)}${replayNote(states.get(`${owner}:replay`), version, generation, now)}`,
    });
  }

  for (const parked of await store.parkedGenerations()) {
    if (inUse(parked.projection).some((u) => u.version === parked.version && u.generation === parked.generation)) continue;
    leftovers.push({
      kind: 'parked',
      name: parked.projection,
      projection: parked.projection,
      version: parked.version,
      generation: parked.generation,
      count: parked.count,
      reason: `${describeUse(parked.projection)}: these events were parked in a generation no longer used`,
    });
  }

  for (const state of states.values()) {
    if (!state.name.endsWith(':replay') || state.status !== 'rebuilding' || !abandoned(state, now)) continue;
    leftovers.push({
      kind: 'replay',
      name: state.name,
      projection: state.name.slice(0, -':replay'.length),
      version: state.version,
      generation: state.generation,
      reason: `a replay that made no progress since ${state.updatedAt} (its process is gone): shown as rebuilding until dropped`,
    });
  }
  return leftovers;
}

function abandoned(replay: ProjectionState, now: number): boolean {
  return now - Date.parse(replay.updatedAt) > ABANDONED_REPLAY_MS;
}

function replayNote(replay: ProjectionState | undefined, version: number, generation: number, now: number): string {
  if (!replay || replay.version !== version || replay.generation !== generation) return '';
  if (replay.status === 'failed') return `; a replay building generation ${generation} failed`;
  if (replay.status === 'rebuilding' && abandoned(replay, now))
    return `; the replay building it made no progress since ${replay.updatedAt}`;
  return '';
}

/**
 * `projections drop-leftovers`: drops what findLeftovers finds now (looked up again, never from an
 * older listing), each step retried while the database is locked; abandoned replays are marked
 * failed, so `projections status` no longer shows them rebuilding. Answers what it dropped.
 */
export async function dropLeftovers(
  store: ReadStore,
  registry: ProjectionRegistry,
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void,
  now = Date.now(),
): Promise<Leftover[]> {
  const leftovers = await findLeftovers(store, registry, now);
  for (const leftover of leftovers) {
    if (leftover.kind === 'collection') await withRetries(() => store.dropCollection(leftover.name), onRetry);
    else if (leftover.kind === 'parked') {
      const key = { projection: leftover.name, version: leftover.version!, generation: leftover.generation! };
      await withRetries(() => store.discardParkedEvents(key), onRetry);
    } else {
      await withRetries(() => store.setProjectionStatus(leftover.name, 'failed', `abandoned: ${leftover.reason}`), onRetry);
    }
  }
  return leftovers;
}
