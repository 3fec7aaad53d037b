import { ImportResult } from '../import/import.response';

/** The answer of importArchive / importArchiveInChangeRequest (this server's extension). */
export class ArchiveImportedResponse extends ImportResult({
  imported: 'Pages and files imported',
  total: 'Pages and files the archive holds (all of them are imported, or none)',
}) {}
