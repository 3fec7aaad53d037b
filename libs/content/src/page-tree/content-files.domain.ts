/**
 * A file of a revision: metadata only. The bytes live in the blob store under `hash` (the SHA-256
 * of the bytes), so events and revisions carry the hash, never the bytes. Files are added (GitBook's
 * `insert_files`) and never change; a merge or an update carries the files one side added.
 */
export type FileNode = {
  id: string;
  name: string;
  contentType: string;
  /** Bytes, from the bytes themselves. */
  size: number;
  hash: string;
  /** Images only, read from the image. */
  dimensions?: { width: number; height: number };
};

/** The files of `from` that `into` lacks (by id), in `from`'s order. */
export function filesMissingFrom(into: readonly FileNode[], from: readonly FileNode[]): FileNode[] {
  const have = new Set(into.map((f) => f.id));
  return from.filter((f) => !have.has(f.id));
}
