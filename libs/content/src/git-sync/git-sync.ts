import { Inject, Injectable } from '@nestjs/common';
import { conflict, invalid } from '@docs/kernel';
import { APP_CONFIG, AppConfig, BlobStore, blobHash, OutboundFetch, taskAnswer, WorkPool } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { FileUploads } from '../change-requests/file-uploads';
import { GitContent, gitContentOf, GitFile } from '../git-layout';
import { RevisionContent, RevisionTrees } from '../revisions/revision-trees';
import { SpaceScope } from '../spaces/space-scope';
import { SpaceWriter } from '../spaces/space-writer';
import { openSession } from './git-access';
import { parseBranchRef, parseProjectDirectory, parseRemote } from './git-remote.domain';
import { inSpaceIds, SyncPlan, syncEdits } from './git-sync-edits.domain';
import { CommandBus } from '@nestjs/cqrs';
import { ChangeRequestView } from '../change-requests/change-request-views';
import { ChangeRequestWriter } from '../change-requests/change-request-writer';
import { CreateChangeRequest } from '../change-requests/create-change-request';
import { GitSyncReadModel } from './git-sync.read-model';
import { ReadCommitInput } from './git-sync.task';
import { GitSyncWriter } from './git-sync-writer';
import { GitWorkspace } from './git-workspace';
import { editLiveContent } from '../spaces/edit-live-content';

const TASK = require.resolve('./git-sync.task');
/** Time a work thread may take to lay out or read one space's files. */
const LAYOUT_BUDGET_MS = 60_000;
/** Files a commit may hold for an import (pages and assets). */
const MAX_COMMIT_FILES = 5000;
/** GitBook's commit message when none is given. */
export const DEFAULT_COMMIT_MESSAGE = 'GitBook: No commit message';

/** GitBook's ExportToGitRepository / ImportGitRepository, the fields this server acts on. */
export interface GitSyncRequest {
  url: string;
  ref: string;
  commitMessage?: string;
  repoProjectDirectory?: string;
  force?: boolean;
  /** Import: into a new change request, leaving the live content (and the space's sync) as they are. */
  standalone?: boolean;
}

/**
 * Git sync with any remote (docs/content-api.md, "Git sync"): exports a space's live content as
 * one commit in GitBook's git layout, and imports a branch's last commit as a new revision. The
 * remote is reached with the system's git through the outbound guard's rules (git-access.ts); the
 * layout runs in work threads. Each finished sync is an event of the space's git sync stream, which
 * the space's last sync (getSpaceGitInfo) and the next import's conflict check read.
 */
@Injectable()
export class GitSync {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbound: OutboundFetch,
    private readonly work: WorkPool,
    private readonly trees: RevisionTrees,
    private readonly blobs: BlobStore,
    private readonly uploads: FileUploads,
    private readonly spaces: SpaceWriter,
    private readonly writer: GitSyncWriter,
    private readonly syncs: GitSyncReadModel,
    private readonly directory: OrganizationDirectory,
    private readonly commands: CommandBus,
    private readonly changeRequests: ChangeRequestWriter,
  ) {}

  async export(scope: SpaceScope, request: GitSyncRequest): Promise<void> {
    const { space } = await scope.requirePermission('edit', 'exporting to git');
    const remote = parseRemote(request.url);
    const branch = parseBranchRef(request.ref);
    const directory = parseProjectDirectory(request.repoProjectDirectory);
    const message = request.commitMessage?.trim() || DEFAULT_COMMIT_MESSAGE;
    const startedAt = new Date().toISOString();

    const content = await this.trees.content(space.id, space.revision);
    const files = await this.layout(await this.gitContent(content), space.organizationId);
    const author = await this.author(scope.actor);
    const session = await openSession(remote, this.config, this.outbound);
    let commit: string;
    let committed = false;
    try {
      const workspace = await GitWorkspace.fetch(session, branch);
      const made = await workspace.commit(directory, files, author, message);
      if (made) {
        await workspace.push(made, branch);
        committed = true;
      }
      commit = made ?? workspace.head!;
    } finally {
      await session.close();
    }
    const target = { spaceId: space.id, organizationId: space.organizationId, url: remote.url, ref: request.ref, directory };
    await this.writer.execute(
      space.id,
      {
        type: 'RecordGitSync',
        event: { type: 'GitSyncExported', data: { ...target, revisionId: space.revision, commit, committed, message, startedAt } },
      },
      scope,
    );
  }

  async import(scope: SpaceScope, request: GitSyncRequest): Promise<void> {
    const { space } = await scope.requirePermission('edit', 'importing from git');
    if (space.editMode === 'locked') throw conflict('the space is locked: its content cannot change');
    const remote = parseRemote(request.url);
    const branch = parseBranchRef(request.ref);
    const directory = parseProjectDirectory(request.repoProjectDirectory);
    const startedAt = new Date().toISOString();

    const session = await openSession(remote, this.config, this.outbound);
    let commit: string;
    let message: string;
    let commitFiles: Map<string, Uint8Array>;
    try {
      const workspace = await GitWorkspace.fetch(session, branch);
      if (!workspace.head) throw invalid(`ref: the repository has no branch ${branch}`);
      commit = workspace.head;
      commitFiles = await workspace.files(directory, { files: MAX_COMMIT_FILES, bytes: this.config.gitSyncMaxBytes });
      message = await workspace.message();
      if (commitFiles.size === 0)
        throw invalid(
          directory
            ? `repoProjectDirectory: the commit holds no files under ${JSON.stringify(directory)}`
            : 'ref: the commit holds no files',
        );
    } finally {
      await session.close();
    }

    const seed = scope.createdId('git-import');
    const input: ReadCommitInput = { files: commitFiles, seed };
    const read = await taskAnswer(
      this.work.run<GitContent>(TASK, 'readCommitContent', input, { budgetMs: LAYOUT_BUDGET_MS, key: space.organizationId }),
      "laying out the space's files",
    );
    const current = await this.trees.content(space.id, space.revision);
    const last = await this.syncs.lastSync(space.id);
    const sameRemote = last !== null && last.url === remote.url && last.ref === request.ref && last.directory === directory;
    const linked = !request.standalone;
    const base = linked && sameRemote && !request.force ? await this.trees.content(space.id, last.revisionId) : null;

    const fileIds = new Map<string, string>();
    const byContent = new Map(current.files.map((f) => [`${f.name}\n${f.hash}`, f.id]));
    for (const file of read.files) {
      const existing = byContent.get(`${file.name}\n${blobHash(Buffer.from(file.bytes))}`);
      if (existing) fileIds.set(file.id, existing);
    }
    const remoteContent = inSpaceIds(read, current, fileIds);
    const plan = syncEdits(current, base, remoteContent);
    if (plan.conflicts.length > 0) {
      const named = plan.conflicts
        .slice(0, 10)
        .map((p) => JSON.stringify(p))
        .join(', ');
      throw conflict(
        `the commit and the space both changed these pages since the last sync: ${named}` +
          `${plan.conflicts.length > 10 ? ` and ${plan.conflicts.length - 10} more` : ''}; export or import with force: true to choose`,
      );
    }
    const held = new Set(current.files.map((f) => f.id));
    const newFiles = remoteContent.files.filter((f) => !held.has(f.id));
    if (!linked) {
      await this.intoChangeRequest(scope, message, plan, newFiles);
      return;
    }
    let revisionId = space.revision;
    if (plan.edits.length > 0 || newFiles.length > 0) {
      const stored = await this.uploads.storeBytes(
        newFiles,
        newFiles.map((f) => f.id),
      );
      revisionId = scope.createdId('revision');
      await editLiveContent(this.spaces, scope, space, current.tree, {
        revisionId,
        edits: plan.edits,
        newPageIds: plan.newPageIds,
        files: stored,
      });
    }
    const target = { spaceId: space.id, organizationId: space.organizationId, url: remote.url, ref: request.ref, directory };
    await this.writer.execute(
      space.id,
      { type: 'RecordGitSync', event: { type: 'GitSyncImported', data: { ...target, revisionId, commit, message, startedAt } } },
      scope,
    );
  }

  /**
   * A standalone import (GitBook's `standalone`: a revision without updating the primary content):
   * a new change request, its subject the commit message's first line, holding the commit's changes.
   */
  private async intoChangeRequest(scope: SpaceScope, message: string, plan: SyncPlan, newFiles: GitFile[]): Promise<void> {
    const subject = message.split('\n')[0]!.trim().slice(0, 100) || 'Import from git';
    const view: ChangeRequestView = await this.commands.execute(new CreateChangeRequest({ subject }, scope));
    if (plan.edits.length === 0 && newFiles.length === 0) return;
    const stored = await this.uploads.storeBytes(
      newFiles,
      newFiles.map((f) => f.id),
    );
    await this.changeRequests.execute(
      view.changeRequest.id,
      {
        type: 'EditChangeRequestContent',
        revisionId: scope.createdId('revision'),
        edits: plan.edits,
        newPageIds: plan.newPageIds,
        newFiles: stored,
      },
      scope,
    );
  }

  /** The revision's pages with their bodies and its files with their bytes, within GIT_SYNC_MAX_BYTES. */
  private async gitContent(content: RevisionContent): Promise<GitContent> {
    const pages = [...content.tree.values()];
    const bodies = await this.trees.bodies([...new Set(pages.map((p) => p.bodyHash))]);
    let total = [...bodies.values()].reduce((n, body) => n + Buffer.byteLength(body), 0);
    const files: GitFile[] = [];
    for (const file of content.files) {
      total += file.size;
      if (total > this.config.gitSyncMaxBytes)
        throw invalid(`the space holds more than ${this.config.gitSyncMaxBytes} bytes of content to export (GIT_SYNC_MAX_BYTES)`);
      const bytes = await this.blobs.get(file.hash);
      if (bytes) files.push({ id: file.id, name: file.name, contentType: file.contentType, bytes: new Uint8Array(bytes) });
    }
    return gitContentOf(content.children, (page) => bodies.get(page.bodyHash) ?? '', files);
  }

  private layout(content: GitContent, organizationId: string): Promise<Map<string, Uint8Array>> {
    return taskAnswer(
      this.work.run<Map<string, Uint8Array>>(TASK, 'gitFilesOf', content, { budgetMs: LAYOUT_BUDGET_MS, key: organizationId }),
      "laying out the space's files",
    );
  }

  /** The commit's author: the user who asked for the export (their name and email), or this server for a system export. */
  private async author(userId: string): Promise<{ name: string; email: string }> {
    const [user] = await this.directory.usersById([userId]);
    if (!user) return { name: 'GitBook', email: 'gitbook@localhost' };
    return { name: user.displayName || user.email, email: user.email };
  }
}
