import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { invalid, taskAnswer, WorkPool } from '@docs/platform';
import { FileUploads } from '../change-requests/file-uploads';
import { GitContent } from '../git-layout';
import { ImportTargets, ImportWrite } from '../import/import-target';
import { SpaceCommand, SpaceScope } from '../spaces/space-scope';
import { ARCHIVE_BUDGET_MS, ARCHIVE_LIMITS, mib } from './archive-limits';
import { archiveEdits } from './archive-edits.domain';
import { ReadArchiveInput } from './archive.task';

/** Where an archive goes: the space's live content, or one of its change requests. */
export interface ArchiveTarget {
  scope: SpaceScope;
  changeRequest?: string;
}

/** What an import made: the new revision, and how many pages and files it brought. */
export interface ArchiveImported {
  revision: string;
  importedResources: number;
  totalResources: number;
}

const TASK = require.resolve('./archive.task');

/**
 * Imports a zip archive (GitBook's git layout, or a folder of markdown files with or without
 * SUMMARY.md; docs/content-design.md, "Archives and the git layout") into a space's live content or
 * a change request, as ONE new revision holding every page (after the pages already there) and every
 * file. Editors and more; a locked space, or a merged or archived change request, is 409 before the
 * archive is read. The archive is read in a work thread (WorkPool: the organization's share,
 * ARCHIVE_BUDGET_MS) within ARCHIVE_LIMITS, so a hostile archive is a 400 and never blocks the event
 * loop. The files' bytes go to the blob store before the event that names them. Ids derive from the
 * request's (so an Idempotency-Key retry makes the same revision). Used by the upload route and by
 * GitBook's import runs (`file` sources).
 */
@Injectable()
export class ArchiveImporter {
  constructor(
    private readonly work: WorkPool,
    private readonly uploads: FileUploads,
    private readonly targets: ImportTargets,
  ) {}

  async import({ scope, changeRequest }: ArchiveTarget, archive: Uint8Array): Promise<ArchiveImported> {
    const target = await this.targets.open(scope, changeRequest);
    const { space } = target;
    const content = await this.targets.content(target);
    const { edits, newPageIds, files } = await this.prepare(archive, {
      seed: scope.createdId('archive-import'),
      organizationId: space.organizationId,
      topSlugs: new Set((content.children.get(null) ?? []).map((p) => p.slug)),
    });
    const revisionId = scope.createdId('revision');
    const counts = { importedResources: edits.length + files.length, totalResources: edits.length + files.length };
    if (!target.changeRequest && edits.length === 0 && files.length === 0) return { revision: space.revision, ...counts };
    return { revision: await this.targets.write(scope, target, { revisionId, edits, newPageIds, files }), ...counts };
  }

  /**
   * The archive read in a work thread (the organization's share, within ARCHIVE_LIMITS) into the
   * edits that insert its pages after `topSlugs` (archive-edits.domain.ts), ids derived from `seed`,
   * its files' bytes stored. A bad archive is a 400 saying why. Also used by import runs.
   */
  async prepare(
    archive: Uint8Array,
    { seed, organizationId, topSlugs }: { seed: string; organizationId: string; topSlugs: ReadonlySet<string> },
  ): Promise<ArchiveWrite> {
    if (archive.length > ARCHIVE_LIMITS.archiveBytes)
      throw invalid(`archive: ${mib(archive.length)}; an archive holds at most ${mib(ARCHIVE_LIMITS.archiveBytes)}`);
    const input: ReadArchiveInput = { archive, seed };
    const content = await taskAnswer(
      this.work.run<GitContent>(TASK, 'readArchiveContent', input, { budgetMs: ARCHIVE_BUDGET_MS, key: organizationId }),
      'reading the archive',
    );
    const { edits, newPageIds } = archiveEdits(content, topSlugs, ARCHIVE_LIMITS.pages);
    const files = await this.uploads.storeBytes(
      content.files,
      content.files.map((f) => f.id),
    );
    return { edits, newPageIds, files };
  }
}

/** An archive read and turned into page edits, its files' bytes stored: what an import writes in one revision. */
export type ArchiveWrite = Omit<ImportWrite, 'revisionId'>;

/** POST …/content/archive (live) and …/change-requests/{id}/content/archive: this server's upload route. */
export class ImportArchive extends SpaceCommand<{ archive: Uint8Array; changeRequest?: string }, ArchiveImported> {}

@CommandHandler(ImportArchive)
export class ImportArchiveHandler implements ICommandHandler<ImportArchive> {
  constructor(private readonly importer: ArchiveImporter) {}

  execute({ props: { archive, changeRequest }, scope }: ImportArchive): Promise<ArchiveImported> {
    return this.importer.import({ scope, ...(changeRequest !== undefined ? { changeRequest } : {}) }, archive);
  }
}
