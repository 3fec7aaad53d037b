import { defineProjection, ProjectionWriter } from '@docs/platform/projections';
import { GitSyncExported, GitSyncImported } from './git-sync.events';
import { GIT_SYNCS, REVISION_GIT } from './git-sync.read-model';

/** Records a finished sync: the space's last one, and the commit of the revision it imported or exported. */
function recordSync(
  w: ProjectionWriter,
  data: (GitSyncExported | GitSyncImported)['data'],
  direction: 'export' | 'import',
  createdByExport: boolean,
  occurredAt: string,
): void {
  const { spaceId, organizationId, url, ref, directory, commit, message, revisionId, startedAt } = data;
  w.put(GIT_SYNCS, {
    id: spaceId,
    organizationId,
    url,
    ref,
    directory,
    direction,
    commit,
    message,
    createdByExport,
    revisionId,
    startedAt,
    endedAt: occurredAt,
  });
  // An export that made no commit leaves the revision's commit as the sync that made it recorded it.
  if (direction === 'import' || createdByExport) w.put(REVISION_GIT, { id: revisionId, spaceId, commit, message, createdByExport, ref });
}

/** Each space's last sync, and each synced revision's commit. */
export const gitSyncProjection = defineProjection<GitSyncExported | GitSyncImported>({
  name: 'git-sync',
  version: 1,
  collections: [GIT_SYNCS, REVISION_GIT],
  on: {
    GitSyncExported: ({ data, metadata: { occurredAt } }, w) => recordSync(w, data, 'export', data.committed, occurredAt),
    GitSyncImported: ({ data, metadata: { occurredAt } }, w) => recordSync(w, data, 'import', false, occurredAt),
  },
});
