import { Aggregate } from '@docs/kernel';
import { GitSyncEvent } from './git-sync.events';

/** A space's git sync (stream `git-sync-<spaceId>`): the syncs it made, in order. */
export interface GitSyncState {
  syncs: number;
}

/** Records a finished export or import (the work is done before: the events are facts of the remote's state). */
export type GitSyncCommand = { type: 'RecordGitSync'; event: GitSyncEvent };

export const gitSyncAggregate: Aggregate<GitSyncState, GitSyncCommand, GitSyncEvent> = {
  category: 'git-sync',
  initialState: () => ({ syncs: 0 }),
  evolve: (state) => ({ syncs: state.syncs + 1 }),
  decide: (_state, command) => [command.event],
  schemaVersions: { GitSyncExported: 1, GitSyncImported: 1 },
};
