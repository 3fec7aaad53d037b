import { Injectable } from '@nestjs/common';
import { BlobStore } from '@docs/platform';
import { ArchiveImporter, ArchiveWrite } from '../archives/archive-importer';
import { FileNode } from '../page-tree/content-files.domain';
import { RevisionContent } from '../revisions/revision-trees';
import { RunControl } from './imported-content';

/** What an archive brings to a run: the edits and files to write, and the pages it made, in the order inserted. */
export interface ArchiveRunContent extends ArchiveWrite {
  importedResources: number;
}

/**
 * A `file` source naming one zip archive (an uploaded file of the target content): read through the
 * archive machinery (ArchiveImporter.prepare: in a work thread, within ARCHIVE_LIMITS, GitBook's git
 * layout or plain markdown files), its page tree kept, its top pages inserted after the pages of the
 * target (or of `target.page`, under which the processor nests them), its files stored. Ids derive
 * from the run (`createdId`), so a resumed run makes the same pages, files and revision. A bad
 * archive is a 400 (DomainError) whose message becomes the run's `reason`.
 */
@Injectable()
export class ArchiveSource {
  constructor(
    private readonly blobs: BlobStore,
    private readonly archives: ArchiveImporter,
  ) {}

  async read(
    file: FileNode,
    into: { content: RevisionContent; page?: string; organizationId: string },
    control: RunControl,
  ): Promise<ArchiveRunContent> {
    const bytes = await this.blobs.get(file.hash);
    if (!bytes) throw new Error(`the bytes of ${file.name} are missing`);
    const siblings = into.content.children.get(into.page ?? null) ?? [];
    const write = await this.archives.prepare(bytes, {
      seed: control.createdId('archive'),
      organizationId: into.organizationId,
      topSlugs: new Set(siblings.map((page) => page.slug)),
    });
    const importedResources = write.edits.length + write.files.length;
    await control.progress(importedResources, importedResources);
    return { ...write, importedResources };
  }
}
