import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { BackgroundJobs, BlobStore, DomainError, everyPage, OLDEST_FIRST, systemContext, WorkError, WorkPool } from '@docs/platform';
import { CollectionsReadModel } from '../collections/collections.read-model';
import { GitFile, gitContentOf } from '../git-layout';
import { slugify } from '../page-tree/page-tree.domain';
import { RevisionTrees } from '../revisions/revision-trees';
import { SpaceDoc, SpacesReadModel } from '../spaces/reads/spaces.read-model';
import { ArchiveExportWriter } from './archive-export-writer';
import { ArchiveExportTarget } from './archive-export.events';
import { ArchiveExportDoc, ArchiveExportsReadModel } from './archive-exports.read-model';
import { ARCHIVE_BUDGET_MS, ARCHIVE_LIMITS, mib } from './archive-limits';
import { ArchivedSpace } from './archive.task';

const TASK = require.resolve('./archive.task');
const PAGE = 100;
const BODIES_PER_READ = 50;
/** Spaces one export packs at most. */
export const MAX_EXPORT_SPACES = 1000;

/** Why an export failed, as the job tells its caller: a limit or the target (never a server internal). */
class ExportRefused extends Error {}

/**
 * Runs export jobs (docs/content-design.md, "Archives and the git layout") one at a time in this
 * process: gathers the live content of the target's spaces (bodies and file bytes, capped by
 * ARCHIVE_LIMITS.totalBytes as they are read), packs them in a work thread (WorkPool: the
 * organization's share, ARCHIVE_BUDGET_MS), stores the zip in the blob store and records
 * `ArchiveExportCompleted`, or `ArchiveExportFailed` with the reason. At start-up (where the
 * projections run: ROLE all or projector) the jobs still pending, which a stopped server left, are
 * run again from the start, so each one completes or fails with a reason.
 */
@Injectable()
export class ArchiveExportRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ArchiveExports');
  private queue: Promise<void> = Promise.resolve();
  private readonly queued = new Set<string>();
  private stopped = false;

  constructor(
    private readonly jobs: BackgroundJobs,
    private readonly exports: ArchiveExportsReadModel,
    private readonly writer: ArchiveExportWriter,
    private readonly spaces: SpacesReadModel,
    private readonly collections: CollectionsReadModel,
    private readonly trees: RevisionTrees,
    private readonly blobs: BlobStore,
    private readonly work: WorkPool,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.afterStart(() => void this.resume());
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.queue;
  }

  /** Queues the job; a job already queued is not queued twice. Resolves once it has run. */
  start(exportId: string): Promise<void> {
    if (this.queued.has(exportId) || this.stopped) return this.queue;
    this.queued.add(exportId);
    this.queue = this.queue
      .then(() => this.run(exportId))
      // A read that failed before the job could be marked: it stays pending, resumed at the next start.
      .catch((error: Error) => this.logger.error(`export ${exportId} not run: ${error.message}`))
      .finally(() => this.queued.delete(exportId));
    return this.queue;
  }

  private async resume(): Promise<void> {
    try {
      for await (const jobs of everyPage((page) => this.exports.pending(page), PAGE)) for (const job of jobs) void this.start(job.id);
    } catch (error) {
      this.logger.error(`pending exports not resumed: ${(error as Error).message}`);
    }
  }

  private async run(exportId: string): Promise<void> {
    if (this.stopped) return;
    const job = await this.exports.byId(exportId);
    if (job?.status !== 'pending') return;
    const ctx = systemContext(`archive-export-${exportId}`);
    try {
      const spaces = await this.spacesOf(job);
      const archived = await this.contentOf(spaces, job.target.kind === 'space');
      const zip = await this.work.run<Uint8Array>(TASK, 'packArchive', archived, { budgetMs: ARCHIVE_BUDGET_MS, key: job.organizationId });
      const { hash, size } = await this.blobs.put(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
      await this.writer.execute(exportId, { type: 'CompleteArchiveExport', hash, size, spaces: spaces.length }, ctx);
    } catch (error) {
      const reason = reasonOf(error);
      if (reason === null) this.logger.error(`export ${exportId} failed: ${(error as Error).stack ?? String(error)}`);
      await this.writer
        .execute(exportId, { type: 'FailArchiveExport', reason: reason ?? 'the export failed on the server' }, ctx)
        .catch((e: Error) => this.logger.error(`export ${exportId} not marked failed: ${e.message}`));
    }
  }

  /** The active spaces the target names, in a stable order (the organization's by creation, a collection's level by level). */
  private async spacesOf({ organizationId, target }: { organizationId: string; target: ArchiveExportTarget }): Promise<SpaceDoc[]> {
    const out: SpaceDoc[] = [];
    const add = (spaces: readonly SpaceDoc[]) => {
      out.push(...spaces);
      if (out.length > MAX_EXPORT_SPACES) throw new ExportRefused(`an export holds at most ${MAX_EXPORT_SPACES} spaces`);
    };
    if (target.kind === 'space') {
      const space = await this.spaces.space(target.id);
      if (space?.status !== 'active') throw new ExportRefused('the space was deleted');
      return [space];
    }
    if (target.kind === 'organization') {
      for await (const spaces of everyPage((page) => this.spaces.spaces(organizationId, OLDEST_FIRST, page), PAGE)) add(spaces);
      return out;
    }
    const children = new Map<string, string[]>();
    for await (const collections of everyPage((page) => this.collections.collections(organizationId, true, page), PAGE)) {
      for (const c of collections) if (c.parent !== null) children.set(c.parent, [...(children.get(c.parent) ?? []), c.id]);
    }
    if (!(await this.collections.collectionById(target.id))) throw new ExportRefused('the collection was deleted');
    const seen = new Set<string>();
    for (let level = [target.id]; level.length > 0; level = level.flatMap((id) => children.get(id) ?? [])) {
      for (const collectionId of level) {
        if (seen.has(collectionId)) continue;
        seen.add(collectionId);
        for await (const spaces of everyPage((page) => this.spaces.spacesIn(organizationId, collectionId, page), PAGE)) add(spaces);
      }
    }
    return out;
  }

  /** Each space's live content, bodies and file bytes, within the export's cap; a folder per space unless it is the only one. */
  private async contentOf(spaces: readonly SpaceDoc[], alone: boolean): Promise<ArchivedSpace[]> {
    let total = 0;
    const count = (bytes: number) => {
      total += bytes;
      if (total > ARCHIVE_LIMITS.totalBytes)
        throw new ExportRefused(`the export holds more than ${mib(ARCHIVE_LIMITS.totalBytes)} of content`);
    };
    const folders = new Set<string>();
    const archived: ArchivedSpace[] = [];
    for (const space of spaces) {
      const content = await this.trees.content(space.id, space.revision);
      const hashes = [...new Set([...content.tree.values()].map((p) => p.bodyHash))];
      const bodies = new Map<string, string>();
      for (let i = 0; i < hashes.length; i += BODIES_PER_READ) {
        for (const [hash, body] of await this.trees.bodies(hashes.slice(i, i + BODIES_PER_READ))) {
          count(Buffer.byteLength(body));
          bodies.set(hash, body);
        }
      }
      const files: GitFile[] = [];
      for (const file of content.files) {
        count(file.size);
        const bytes = (await this.blobs.get(file.hash)) ?? Buffer.alloc(0);
        files.push({ id: file.id, name: file.name, contentType: file.contentType, bytes });
      }
      let folder = '';
      if (!alone) {
        const wanted = slugify(space.title || 'space');
        folder = wanted;
        for (let n = 2; folders.has(folder); n++) folder = `${wanted}-${n}`;
        folders.add(folder);
      }
      archived.push({ folder, content: gitContentOf(content.children, (page) => bodies.get(page.bodyHash) ?? '', files) });
    }
    return archived;
  }
}

/** What the job tells its caller about a failure; null for an error of the server's own (logged, never told). */
function reasonOf(error: unknown): string | null {
  if (error instanceof ExportRefused || error instanceof DomainError) return error.message;
  if (error instanceof WorkError && error.kind === 'failed' && error.causeName === 'DomainError') return error.message;
  if (error instanceof WorkError && error.kind === 'busy') return `the server was busy: ${error.message}; request the export again later`;
  if (error instanceof WorkError)
    return `packing the archive took more ${error.kind === 'timeout' ? 'time' : 'memory'} than a work thread has`;
  return null;
}

export type { ArchiveExportDoc };
