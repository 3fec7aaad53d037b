import { DomainEvent } from '@docs/kernel';

/** What an export packs: one space, a collection's spaces (its sub-collections' too), or all of an organization's. */
export type ArchiveExportTarget = { kind: 'space' | 'collection'; id: string } | { kind: 'organization' };

export type ArchiveExportIds = { exportId: string; organizationId: string };

/** A caller asked for the archive; a runner packs it in the background. */
export type ArchiveExportRequested = DomainEvent<'ArchiveExportRequested', ArchiveExportIds & { target: ArchiveExportTarget }>;
/** The archive is in the blob store under `hash`; `spaces` it holds, `size` its bytes. */
export type ArchiveExportCompleted = DomainEvent<
  'ArchiveExportCompleted',
  ArchiveExportIds & { hash: string; size: number; spaces: number }
>;
/** No archive: `reason` says why (past a limit, the target gone, the server stopped in between and could not resume it...). */
export type ArchiveExportFailed = DomainEvent<'ArchiveExportFailed', ArchiveExportIds & { reason: string }>;

export type ArchiveExportEvent = ArchiveExportRequested | ArchiveExportCompleted | ArchiveExportFailed;
