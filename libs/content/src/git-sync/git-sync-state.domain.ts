/** A space's last git sync, as the space document keeps it (for GitBook's Space `gitSync`). */
export interface GitSyncSummary {
  /** The repository URL, without credentials. */
  url: string;
  direction: 'export' | 'import';
  startedAt: string;
  endedAt: string;
}

/** The repository name of a URL: its last path part without `.git`. */
const repoName = (url: string) =>
  decodeURIComponent(new URL(url).pathname)
    .replace(/\/+$/, '')
    .split('/')
    .pop()!
    .replace(/\.git$/, '');

/**
 * GitBook's GitSyncState for a space's last sync. The installation is the space's own (its id);
 * GitBook's provider enum has `github`, `gitlab` and `github-legacy` only, so any remote that is
 * not on a host named gitlab says `github`.
 */
export function gitSyncState(spaceId: string, sync: GitSyncSummary) {
  return {
    repoName: repoName(sync.url),
    installationStatus: 'active' as const,
    installationProvider: /gitlab/i.test(new URL(sync.url).hostname) ? ('gitlab' as const) : ('github' as const),
    installationId: spaceId,
    url: sync.url,
    operation: { state: 'success' as const, direction: sync.direction, startedAt: sync.startedAt, endedAt: sync.endedAt },
    updatedAt: sync.endedAt,
  };
}
