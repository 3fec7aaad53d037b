import { ProjectionState } from './read-store';

/** A projection state as both read stores keep it: the checkpoint as a decimal string, positions being 64-bit. */
export type StoredProjectionState = Omit<ProjectionState, 'checkpoint'> & { checkpoint: string | null };

export const storedCheckpoint = (checkpoint: bigint | null): string | null => (checkpoint === null ? null : checkpoint.toString());

export const storedState = (state: ProjectionState): StoredProjectionState => ({
  ...state,
  checkpoint: storedCheckpoint(state.checkpoint),
  parked: state.parked ?? 0,
});

/** The state of a stored one (only its fields: a Mongo document also has `_id`). */
export function projectionState(stored: StoredProjectionState): ProjectionState {
  return {
    name: stored.name,
    version: stored.version,
    generation: stored.generation,
    checkpoint: stored.checkpoint === null || stored.checkpoint === undefined ? null : BigInt(stored.checkpoint),
    status: stored.status,
    error: stored.error ?? null,
    updatedAt: stored.updatedAt,
    // Absent when none, so states read back equal the states saved without it.
    ...(stored.parked ? { parked: Number(stored.parked) } : {}),
  };
}

/** A parked event's position as text that sorts in log order (positions are unsigned 64-bit: 20 digits). */
export const positionKey = (position: bigint): string => position.toString().padStart(20, '0');
