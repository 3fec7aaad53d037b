import { defineReadModel, Doc, Provided, ReadModels } from '@docs/platform/projections';

/** A space's last git sync: where, which commit and which revision, and when. */
export interface GitSyncDoc extends Doc {
  /** The space id. */
  id: string;
  organizationId: string;
  url: string;
  ref: string;
  directory: string;
  direction: 'export' | 'import';
  commit: string;
  message: string;
  /** Whether the commit was made by an export. */
  createdByExport: boolean;
  revisionId: string;
  startedAt: string;
  endedAt: string;
}

/** The commit a revision came from or went to (GitBook's Revision `git`), by revision id. */
export interface RevisionGitDoc extends Doc {
  /** The revision id. */
  id: string;
  spaceId: string;
  commit: string;
  message: string;
  createdByExport: boolean;
  ref: string;
}

export const GIT_SYNCS = defineReadModel<GitSyncDoc>({ name: 'git_syncs' });
export const REVISION_GIT = defineReadModel<RevisionGitDoc>({ name: 'revision_git' });

/** Reads the git sync read models. */
@Provided()
export class GitSyncReadModel {
  constructor(private readonly readModels: ReadModels) {}

  lastSync(spaceId: string): Promise<GitSyncDoc | null> {
    return this.readModels.get(GIT_SYNCS, spaceId);
  }

  revisionCommit(revisionId: string): Promise<RevisionGitDoc | null> {
    return this.readModels.get(REVISION_GIT, revisionId);
  }
}
