/**
 * What an archive may hold (docs/content-design.md, "Archives and the git layout"). Every cap is
 * checked as the archive is read, on what it really holds (bytes inflated, entries met), never on
 * what its headers claim, so a zip bomb stops at the first cap it passes.
 */
export interface ArchiveLimits {
  /** The archive itself, as uploaded (and the content an export packs, before compression). */
  archiveBytes: number;
  /** Entries (files and folders) in the archive. */
  entries: number;
  /** One entry, inflated. */
  entryBytes: number;
  /** All entries together, inflated. */
  totalBytes: number;
  /** Pages an import creates. */
  pages: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  archiveBytes: 50 * 1024 * 1024,
  entries: 5000,
  entryBytes: 20 * 1024 * 1024,
  totalBytes: 200 * 1024 * 1024,
  pages: 2000,
};

/** Time a work thread may take to read or write one archive. */
export const ARCHIVE_BUDGET_MS = 60_000;

export const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
