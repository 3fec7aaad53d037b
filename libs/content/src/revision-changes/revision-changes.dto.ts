import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { MAX_LIMIT, Stacked, toInteger } from '@docs/platform';
import { RevisionReadQuery } from '../content-reads/content-query.dto';
import { DEFAULT_CHANGES_LIMIT } from './changes-view';

const ChangesLimit = () =>
  Stacked(
    ApiPropertyOptional({
      type: 'integer',
      minimum: 1,
      maximum: MAX_LIMIT,
      default: DEFAULT_CHANGES_LIMIT,
      description: 'Changes answered at most; `more` counts the others',
    }),
    IsOptional(),
    Transform(toInteger),
    IsInt({ message: 'limit must be an integer' }),
    Min(1, { message: 'limit must be at least 1' }),
    Max(MAX_LIMIT, { message: `limit must be at most ${MAX_LIMIT}` }),
  );

/** The query of getChangeRequestChanges. */
export class ChangeRequestChangesQuery {
  @ChangesLimit()
  limit?: number;
}

/** The query of getRevisionSemanticChanges: the limit, and GitBook's revision flags (accepted). */
export class RevisionChangesQuery extends RevisionReadQuery {
  @ChangesLimit()
  limit?: number;
}

/** Unchanged lines around each hunk of a line diff. */
export const MAX_DIFF_CONTEXT = 100;

const DiffContext = () =>
  Stacked(
    ApiPropertyOptional({
      type: 'integer',
      minimum: 0,
      maximum: MAX_DIFF_CONTEXT,
      default: 3,
      description: 'Unchanged lines around each hunk',
    }),
    IsOptional(),
    Transform(toInteger),
    IsInt({ message: 'context must be an integer' }),
    Min(0, { message: 'context must be at least 0' }),
    Max(MAX_DIFF_CONTEXT, { message: `context must be at most ${MAX_DIFF_CONTEXT}` }),
  );

/** The query of a change request's page diff (its base to its head). */
export class ChangeRequestPageDiffQuery {
  @DiffContext()
  context?: number;
}

/** The query of a page diff between two revisions: the older one (`from`) and the context. */
export class RevisionPageDiffQuery extends ChangeRequestPageDiffQuery {
  @ApiProperty({ type: String, maxLength: 100, description: 'The revision of the space to diff from (the older side)' })
  @IsString({ message: 'from must be a revision id' })
  @Length(1, 100, { message: 'from must be a revision id of 1 to 100 characters' })
  from!: string;
}
