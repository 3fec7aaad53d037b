import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { MAX_LIMIT, Stacked, toInteger } from '@docs/platform';
import { RevisionReadQuery } from '../content-reads/content-query.dto';
import { DEFAULT_CHANGES_LIMIT } from './changes-view';

/** An optional integer query parameter from `min` to `max`, its 400s naming it. */
const IntegerParameter = (name: string, range: { min: number; max: number; fallback: number }, description: string) =>
  Stacked(
    ApiPropertyOptional({ type: 'integer', minimum: range.min, maximum: range.max, default: range.fallback, description }),
    IsOptional(),
    Transform(toInteger),
    IsInt({ message: `${name} must be an integer` }),
    Min(range.min, { message: `${name} must be at least ${range.min}` }),
    Max(range.max, { message: `${name} must be at most ${range.max}` }),
  );

const ChangesLimit = () =>
  IntegerParameter(
    'limit',
    { min: 1, max: MAX_LIMIT, fallback: DEFAULT_CHANGES_LIMIT },
    'Changes answered at most; `more` counts the others',
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

export const DEFAULT_DIFF_CONTEXT = 3;

const DiffContext = () =>
  IntegerParameter('context', { min: 0, max: MAX_DIFF_CONTEXT, fallback: DEFAULT_DIFF_CONTEXT }, 'Unchanged lines around each hunk');

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
