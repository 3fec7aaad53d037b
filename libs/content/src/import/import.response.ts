import { ApiProperty } from '@nestjs/swagger';

/**
 * The answer of an import into a space (the live content, or a change request): the revision it
 * created, and how many resources it imported of how many it found, as the importer counts them.
 */
export function ImportResult(counts: { imported: string; total: string }) {
  class ImportResultResponse {
    @ApiProperty({ type: String, description: 'The revision the import created (of the live content, or of the change request)' })
    revision!: string;

    @ApiProperty({ type: Number, description: counts.imported })
    importedResources!: number;

    @ApiProperty({ type: Number, description: counts.total })
    totalResources!: number;
  }
  return ImportResultResponse;
}

/** The answer of importContent / importContentInChangeRequest (the seed's shape; GitBook has no schema for it). */
export class ImportContentResponse extends ImportResult({
  imported: 'Pages imported (one page each)',
  total:
    'Same-origin pages found that robots.txt allows, within the depth bound: the imported ones, those ' +
    'past the page, byte or time bounds, and those that failed',
}) {}
