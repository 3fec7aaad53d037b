import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiTimestampedObject, LocationUrls, OptionalDateTime } from '@docs/platform';
import { SOURCE_SHAPES } from './import-run.dto';

export const IMPORT_RUN_STATUSES = ['pending', 'in-progress', 'completed', 'failed', 'cancelled'] as const;

const PROGRESS = { gitbook: false, why: 'GitBook reports progress only through `pages`; the issue asks for counts while a run works' };

export class ImportRunTargetResponse {
  @ApiProperty({ type: String, description: 'ID of the space to import in' })
  space!: string;

  @ApiPropertyOptional({ type: String, description: 'ID of the change request to import in' })
  changeRequest?: string;

  @ApiPropertyOptional({ type: String, description: 'ID of the page to import in' })
  page?: string;
}

export class ImportedPageResponse {
  @ApiProperty({ type: String, description: 'ID of page' })
  id!: string;

  @ApiPropertyOptional({ type: String, description: 'Source URL where the page has been imported from' })
  sourceURL?: string;

  @ApiProperty({ type: String, enum: ['page', 'folder'], description: 'Type of page' })
  type!: 'page' | 'folder';

  @ApiProperty({ type: String, enum: ['complete', 'pending'], description: 'Status of the page' })
  status!: 'complete' | 'pending';
}

/** GitBook's ContentImportRun (ImportRunsPresenter.run). */
export class ImportRunResponse extends ApiTimestampedObject('import-run') {
  @ApiProperty({ type: String, enum: IMPORT_RUN_STATUSES, description: 'Status of the import' })
  status!: string;

  @OptionalDateTime('When the run began its work')
  startedAt?: string;

  @OptionalDateTime('Filled when the import is in status "completed"')
  completedAt?: string;

  @ApiPropertyOptional({ type: String, description: 'Reason for the import failure when `status` is `failed`.' })
  reason?: string;

  @ApiProperty({ type: Object, oneOf: SOURCE_SHAPES, description: 'Where the content is imported from.' })
  source!: Record<string, unknown>;

  @ApiProperty({ type: () => ImportRunTargetResponse, description: 'Where the content is imported into.' })
  target!: ImportRunTargetResponse;

  @ApiPropertyOptional({ type: String, description: 'ID of the site the import was started for' })
  site?: string;

  @ApiProperty({ type: String, description: 'ID of the user who started the import.' })
  createdBy!: string;

  @ApiProperty({ type: () => LocationUrls })
  urls!: LocationUrls;

  @ApiPropertyOptional({ type: () => [ImportedPageResponse], description: 'Pages included in the import (once completed)' })
  pages?: ImportedPageResponse[];

  @ApiProperty({
    type: Number,
    minimum: 0,
    description: 'Pages (and, for files, files) imported so far; at the end, how many were',
    'x-docs-extension': PROGRESS,
  } as Record<string, unknown>)
  importedResources!: number;

  @ApiProperty({
    type: Number,
    minimum: 0,
    description: 'Pages found so far (website: same-origin pages robots.txt allows, within the depth bound), or files named',
    'x-docs-extension': PROGRESS,
  } as Record<string, unknown>)
  totalResources!: number;
}
