import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ChangedPageResponse } from './revision-changes.response';

/** One hunk of a unified diff (jsdiff's structuredPatch). */
export class DiffHunkResponse {
  @ApiProperty({ type: Number, description: 'First line of the hunk in the older markdown (1-based; 0 for an empty side)' })
  oldStart!: number;

  @ApiProperty({ type: Number, description: 'Lines of the older markdown in the hunk' })
  oldLines!: number;

  @ApiProperty({ type: Number, description: 'First line of the hunk in the newer markdown (1-based; 0 for an empty side)' })
  newStart!: number;

  @ApiProperty({ type: Number, description: 'Lines of the newer markdown in the hunk' })
  newLines!: number;

  @ApiProperty({
    type: [String],
    description:
      'The lines, each after one character: a space (unchanged), `-` (only in the older), `+` (only in the newer), or ' +
      '`\\` (the line before has no newline at the end)',
  })
  lines!: string[];
}

/** One side of a page diff. */
export class PageDiffSideResponse {
  @ApiProperty({ type: String, description: 'The revision' })
  revision!: string;

  @ApiPropertyOptional({
    type: ChangedPageResponse,
    description: 'The page in that revision; absent when it has no such page (diffed as empty)',
  })
  page?: ChangedPageResponse;

  @ApiPropertyOptional({ type: String, description: "The SHA-256 of the page's markdown in that revision; absent with the page" })
  document?: string;
}

class PageDiffStatsResponse {
  @ApiProperty({ type: Number, description: 'Lines added' })
  added!: number;

  @ApiProperty({ type: Number, description: 'Lines removed' })
  removed!: number;
}

/** The line diff of a page's markdown between two revisions (this server's extension). */
export class PageDiffResponse {
  @ApiProperty({ type: String, enum: ['page-diff'] })
  object!: 'page-diff';

  @ApiProperty({ type: String, description: 'The page' })
  page!: string;

  @ApiProperty({ type: PageDiffSideResponse, description: 'The older side' })
  from!: PageDiffSideResponse;

  @ApiProperty({ type: PageDiffSideResponse, description: 'The newer side' })
  to!: PageDiffSideResponse;

  @ApiProperty({ type: PageDiffStatsResponse })
  stats!: PageDiffStatsResponse;

  @ApiProperty({ type: [DiffHunkResponse], description: 'The hunks, in order; none when the markdown is the same' })
  hunks!: DiffHunkResponse[];
}
