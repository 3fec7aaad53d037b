import { invalid } from '@docs/platform';
import { FileNode } from '../page-tree/content-files.domain';

/** What a `file` source imports: markdown and HTML files become pages; a zip archive is imported as an archive (ArchiveImporter). */
export type ImportFileKind = 'markdown' | 'html' | 'archive';

export const SUPPORTED_FILE_KINDS = 'markdown (.md, .markdown), HTML (.html, .htm) and, alone, a zip archive (.zip)';

const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** A file's kind by its extension, else its content type; anything else is 400 naming the supported kinds. */
export function importFileKind(file: Pick<FileNode, 'name' | 'contentType'>): ImportFileKind {
  const extension = extensionOf(file.name);
  const type = file.contentType.toLowerCase().split(';')[0]!.trim();
  if (extension === 'md' || extension === 'markdown' || type === 'text/markdown' || type === 'text/x-markdown') return 'markdown';
  if (extension === 'html' || extension === 'htm' || type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (extension === 'zip' || type === 'application/zip' || type === 'application/x-zip-compressed') return 'archive';
  throw invalid(`source.files: ${file.name} cannot be imported; supported kinds: ${SUPPORTED_FILE_KINDS}`);
}

/**
 * The files a `file` source names, in its order: each key is the id of a file of the target
 * content (as listFiles answers it); an unknown key is 400. Each once. A zip archive is imported
 * alone: named with other files, 400.
 */
export function namedFiles(files: readonly FileNode[], keys: readonly string[]): FileNode[] {
  const byId = new Map(files.map((file) => [file.id, file]));
  const seen = new Set<string>();
  const named: FileNode[] = [];
  for (const key of keys) {
    const file = byId.get(key);
    if (!file) throw invalid(`source.files: the target content has no file ${key.slice(0, 100)}`);
    if (seen.has(key)) continue;
    seen.add(key);
    importFileKind(file);
    named.push(file);
  }
  const archive = named.find((file) => importFileKind(file) === 'archive');
  if (archive && named.length > 1)
    throw invalid(`source.files: ${archive.name.slice(0, 100)} is a zip archive, which is imported alone: name it in a run of its own`);
  return named;
}
