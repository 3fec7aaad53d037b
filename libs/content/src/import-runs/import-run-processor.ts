import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DomainError, FollowingJob, LogJobs, OutboundFetchError, randomUUID, systemContext, WorkError } from '@docs/platform';
import { importEdits, importOrder } from '../import/import-website';
import { ImportTarget, ImportTargets, ImportWrite } from '../import/import-target';
import { RevisionsReadModel } from '../revisions/revisions.read-model';
import { importFileKind, namedFiles } from './import-file-kinds';
import { ImportedPageRef, ImportRunCommand, ImportRunRequested, ImportRunSource, ImportRunTarget } from './import-run.decider';
import { ImportRunWriter } from './import-run-writer';
import { ImportRunsReadModel } from './import-runs.read-model';
import { ImportRunScopes } from './import-run-scope';
import { ImportedContent, RunControl } from './imported-content';
import { ArchiveSource } from './archive-source';
import { FileSource } from './file-source';
import { WebsiteSource } from './website-source';

/** Runs at work at once in a process. */
const CONCURRENCY = 2;
/** Progress is recorded at most this often (and once as the run begins). */
const PROGRESS_EVERY_MS = 500;

/** Why a run's work stops early: the run was cancelled, or the process is stopping (the run resumes at the next start). */
const CANCELLED = 'cancelled';
const STOPPING = 'stopping';

interface QueuedRun {
  id: string;
  organizationId: string;
  source: ImportRunSource;
  target: ImportRunTarget;
  createdBy: string;
}

/**
 * Runs import runs in the background (docs/content-design.md, "Import runs"), where the projections
 * run (ROLE all or projector), like the OpenAPI processor: it follows the event log from its head
 * for `ImportRunRequested` (and `ImportRunCancelled`, which aborts a run at work), and at start-up
 * takes up every run the read model shows pending or in progress, left by a process that stopped.
 *
 * A run records progress as it goes, reads its source (WebsiteSource, FileSource, ArchiveSource),
 * then writes every page in ONE revision of its target and records `ImportRunCompleted`; what goes wrong is
 * `ImportRunFailed` with the reason. Nothing is written to the target before that one revision,
 * and the run's ids (pages, files, revision) derive from the run's id, so a run taken up again
 * after a restart starts its work over and, if the revision was written just before the process
 * stopped, finds it and only records the completion.
 */
@Injectable()
export class ImportRunProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ImportRuns');
  private readonly queue = new Map<string, QueuedRun>();
  private readonly active = new Map<string, { done: Promise<void>; abort: AbortController }>();
  private following?: FollowingJob;
  private stopped = false;

  constructor(
    private readonly log: LogJobs,
    private readonly read: ImportRunsReadModel,
    private readonly writer: ImportRunWriter,
    private readonly scopes: ImportRunScopes,
    private readonly targets: ImportTargets,
    private readonly revisions: RevisionsReadModel,
    private readonly website: WebsiteSource,
    private readonly files: FileSource,
    private readonly archive: ArchiveSource,
  ) {}

  onApplicationBootstrap(): void {
    this.following = this.log.follow({
      logger: this.logger,
      onEvent: (event) => {
        if (event.type === 'ImportRunRequested') {
          const { importRunId, organizationId, source, target } = event.data as ImportRunRequested['data'];
          this.enqueue({ id: importRunId, organizationId, source, target, createdBy: event.metadata.actor });
        } else if (event.type === 'ImportRunCancelled') {
          const { importRunId } = event.data as { importRunId: string };
          this.queue.delete(importRunId);
          this.active.get(importRunId)?.abort.abort(CANCELLED);
        }
      },
      // What an earlier process left pending or in progress.
      projection: 'import_runs',
      left: (page) => this.read.active(page),
      resume: (run) => this.enqueue(run),
      stopped: () => this.stopped,
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const run of this.active.values()) run.abort.abort(STOPPING);
    await this.following?.stop();
    await Promise.allSettled([...this.active.values()].map((run) => run.done));
  }

  private enqueue(run: QueuedRun): void {
    if (this.stopped || this.active.has(run.id)) return;
    this.queue.set(run.id, run);
    this.pump();
  }

  private pump(): void {
    for (const [id, run] of this.queue) {
      if (this.active.size >= CONCURRENCY || this.stopped) return;
      this.queue.delete(id);
      const abort = new AbortController();
      const done = this.process(run, abort.signal).finally(() => {
        this.active.delete(id);
        this.pump();
      });
      this.active.set(id, { done, abort });
    }
  }

  private async process(run: QueuedRun, signal: AbortSignal): Promise<void> {
    const ctx = systemContext(`import-run-${randomUUID()}`);
    const record = (command: ImportRunCommand) => this.writer.execute(run.id, command, ctx);
    try {
      const scope = this.scopes.forRun({ id: run.id, space: run.target.space, createdBy: run.createdBy });
      let last = 0;
      const control: RunControl = {
        signal,
        createdId: (kind) => scope.createdId(kind),
        progress: async (importedResources, totalResources) => {
          if (Date.now() - last < PROGRESS_EVERY_MS || signal.aborted) return;
          last = Date.now();
          await record({ type: 'RecordImportRunProgress', importedResources, totalResources });
        },
      };
      try {
        await control.progress(0, run.source.type === 'file' ? run.source.files.length : 0);
        const target = await this.targets.open(scope, run.target.changeRequest);
        const { write, counts, pages } = await this.readSource(run, target, control);
        if (signal.aborted) return;
        const edits = write.edits.map((edit) =>
          edit.into === undefined && run.target.page !== undefined ? { ...edit, into: run.target.page } : edit,
        );
        const revisionId = scope.createdId('revision');
        const written = await this.revisions.revision(target.space.id, revisionId);
        const revision = written ? revisionId : await this.targets.write(scope, target, { ...write, revisionId, edits });
        await record({ type: 'CompleteImportRun', revision, ...counts, pages });
      } catch (error) {
        if (signal.aborted) return;
        const reason = failureReason(error);
        if (!reason) this.logger.error(`import run ${run.id} failed: ${(error as Error).message}`);
        await record({
          type: 'FailImportRun',
          reason: reason ?? 'the import failed on an unexpected error; the server log has the details',
        });
      }
    } catch (error) {
      // Cancelled or finished meanwhile: nothing more to record.
      if (error instanceof DomainError && (error.kind === 'conflict' || error.kind === 'not_found')) return;
      if (!this.stopped) this.logger.error(`import run ${run.id} not recorded: ${(error as Error).message}`);
    }
  }

  /** What the run writes (pages as edits, files), its counts, and the pages it makes as the run lists them. */
  private async readSource(run: QueuedRun, target: ImportTarget, control: RunControl): Promise<SourceWrite> {
    const { source } = run;
    if (source.type === 'file') {
      const content = await this.targets.content(target);
      const files = namedFiles(content.files, source.files);
      if (files.length === 1 && importFileKind(files[0]!) === 'archive') {
        const page = run.target.page;
        const archive = await this.archive.read(
          files[0]!,
          { content, organizationId: run.organizationId, ...(page ? { page } : {}) },
          control,
        );
        const { importedResources } = archive;
        return {
          write: archive,
          counts: { importedResources, totalResources: importedResources },
          pages: archive.newPageIds.map((id) => ({ id })),
        };
      }
      return pagesWrite(await this.files.read(files, control), control);
    }
    return pagesWrite(await this.website.read(source.url, control), control);
  }
}

interface SourceWrite {
  write: Omit<ImportWrite, 'revisionId'>;
  counts: { importedResources: number; totalResources: number };
  pages: ImportedPageRef[];
}

/** The pages a website or markdown/HTML files brought, nested by their paths, with ids derived from the run. */
function pagesWrite(content: ImportedContent, control: RunControl): SourceWrite {
  const newPageIds = content.pages.map((_, i) => control.createdId(`page:${i}`));
  const imported = content.pages.filter((page) => !page.folder).length;
  return {
    write: { edits: importEdits(content.pages, newPageIds), newPageIds, files: content.files },
    counts: { importedResources: imported, totalResources: Math.max(content.totalResources, imported) },
    pages: importOrder(content.pages).map((index, position) => {
      const { sourceURL, folder } = content.pages[index]!;
      return {
        id: newPageIds[position]!,
        ...(sourceURL !== undefined ? { sourceURL } : {}),
        ...(folder ? { type: 'folder' as const } : {}),
      };
    }),
  };
}

/** What a failed run reports: the guard's or the domain's message, or an archive read past its bounds; null else (logged, not shown). */
function failureReason(error: unknown): string | null {
  if (error instanceof OutboundFetchError) return error.message;
  if (error instanceof DomainError) return error.message;
  if (error instanceof WorkError && (error.kind === 'timeout' || error.kind === 'memory')) return error.message;
  return null;
}
