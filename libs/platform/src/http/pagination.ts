import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { FindResult } from '../read-store/query';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

/** Query-string numbers arrive as strings; anything that is not a whole decimal number stays invalid. */
export const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);

export const toBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** `page` (opaque cursor) and `limit` of every paginated list. */
export class PageQuery {
  @ApiPropertyOptional({ description: 'Identifier of the page of results to fetch (opaque cursor)' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  page?: string;

  @ApiPropertyOptional({
    type: 'integer',
    description: 'Number of results per page',
    minimum: 1,
    maximum: MAX_LIMIT,
    default: DEFAULT_LIMIT,
  })
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(MAX_LIMIT)
  limit?: number;
}

export interface ListEnvelope<T> {
  next?: { page: string };
  count: number;
  items: T[];
}

export function envelope<D, T>(result: FindResult<D>, map: (doc: D) => T): ListEnvelope<T> {
  return {
    ...(result.next ? { next: { page: result.next } } : {}),
    count: result.count,
    items: result.items.map(map),
  };
}

export const pageOf = (query: PageQuery) => ({ after: query.page, limit: query.limit ?? DEFAULT_LIMIT });
