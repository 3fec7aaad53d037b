import { DomainEvent } from '@docs/kernel';

/** Where a sync went: the repository URL (never with credentials), the branch ref and the project folder in it ('' for the root). */
export type GitSyncTarget = { spaceId: string; organizationId: string; url: string; ref: string; directory: string };

/**
 * The space's content at `revisionId` was exported to the repository: `commit` is the commit the
 * branch holds for it, a new one (`committed`) or the branch's head when nothing changed.
 */
export type GitSyncExported = DomainEvent<
  'GitSyncExported',
  GitSyncTarget & { revisionId: string; commit: string; committed: boolean; message: string; startedAt: string }
>;

/** The repository's `commit` was imported: `revisionId` is the space's revision holding it (the same one when nothing changed). */
export type GitSyncImported = DomainEvent<
  'GitSyncImported',
  GitSyncTarget & { revisionId: string; commit: string; message: string; startedAt: string }
>;

export type GitSyncEvent = GitSyncExported | GitSyncImported;
