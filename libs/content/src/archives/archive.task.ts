import { idFromSeed, invalid } from '@docs/kernel';
import { fromGitFiles, GitContent, toGitFiles } from '../git-layout';
import { requireImportable } from './archive-edits.domain';
import { ARCHIVE_LIMITS, mib } from './archive-limits';
import { readZip, writeZip } from './zip-files';

/** What an import reads in a work thread: the archive, and the seed the new pages' and files' ids derive from. */
export interface ReadArchiveInput {
  archive: Uint8Array;
  seed: string;
}

/**
 * Runs in a work thread (ArchiveImporter, through the WorkPool): the content a zip archive holds in
 * GitBook's git layout (or plain markdown files), ids derived from the seed (so a retried request
 * with the same Idempotency-Key makes the same ids). A 400 (DomainError) for what is not such an archive, or past the limits.
 */
export function readArchiveContent({ archive, seed }: ReadArchiveInput): GitContent {
  const content = fromGitFiles(readZip(archive), {
    pageId: (n) => idFromSeed(`${seed}:page:${n}`),
    fileId: (n) => idFromSeed(`${seed}:file:${n}`),
  });
  requireImportable(content, ARCHIVE_LIMITS.pages);
  return content;
}

/** One space of an export: its folder in the archive ('' for the archive's root) and its content. */
export interface ArchivedSpace {
  folder: string;
  content: GitContent;
}

/**
 * Runs in a work thread (the export job, through the WorkPool): the zip archive of the spaces, each
 * in GitBook's git layout under its folder. The content packed is capped (ARCHIVE_LIMITS.totalBytes):
 * past it, the export fails saying so.
 */
export function packArchive(spaces: readonly ArchivedSpace[]): Uint8Array {
  const files = new Map<string, Uint8Array>();
  let total = 0;
  for (const { folder, content } of spaces) {
    for (const [path, bytes] of toGitFiles(content)) {
      total += bytes.length;
      if (total > ARCHIVE_LIMITS.totalBytes) throw invalid(`the export holds more than ${mib(ARCHIVE_LIMITS.totalBytes)} of content`);
      files.set(folder === '' ? path : `${folder}/${path}`, bytes);
    }
  }
  return writeZip(files);
}
