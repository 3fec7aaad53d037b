import { ProjectionState } from './read-store';

/** A projection state as both read stores keep it: the checkpoint as a decimal string, positions being 64-bit. */
export type StoredProjectionState = Omit<ProjectionState, 'checkpoint'> & { checkpoint: string | null };

export const storedCheckpoint = (checkpoint: bigint | null): string | null => (checkpoint === null ? null : checkpoint.toString());

export const storedState = (state: ProjectionState): StoredProjectionState => ({ ...state, checkpoint: storedCheckpoint(state.checkpoint) });

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
  };
}
