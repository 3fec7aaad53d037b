import { defineProjection } from '@docs/platform/projections';
import { GitSyncEvent } from './git-sync.events';
import { GIT_SYNCS, REVISION_GIT } from './git-sync.read-model';

/** Each space's last sync, and each synced revision's commit. */
export const gitSyncProjection = defineProjection<GitSyncEvent>({
  name: 'git-sync',
  version: 1,
  collections: [GIT_SYNCS, REVISION_GIT],
  on: {
    GitSyncExported({ data, metadata: { occurredAt } }, w) {
      const { spaceId, organizationId, url, ref, directory, commit, message, revisionId, startedAt, committed } = data;
      w.put(GIT_SYNCS, {
        id: spaceId,
        organizationId,
        url,
        ref,
        directory,
        direction: 'export',
        commit,
        message,
        createdByExport: committed,
        revisionId,
        startedAt,
        endedAt: occurredAt,
      });
      if (committed) w.put(REVISION_GIT, { id: revisionId, spaceId, commit, message, createdByExport: true, ref });
    },
    GitSyncImported({ data, metadata: { occurredAt } }, w) {
      const { spaceId, organizationId, url, ref, directory, commit, message, revisionId, startedAt } = data;
      w.put(GIT_SYNCS, {
        id: spaceId,
        organizationId,
        url,
        ref,
        directory,
        direction: 'import',
        commit,
        message,
        createdByExport: false,
        revisionId,
        startedAt,
        endedAt: occurredAt,
      });
      w.put(REVISION_GIT, { id: revisionId, spaceId, commit, message, createdByExport: false, ref });
    },
  },
});
