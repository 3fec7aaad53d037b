import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The documented forms of the plain fields many answers carry: timestamps and counters. */

/** The documented form of a timestamp: an ISO 8601 UTC date-time string (docs/contract/DESIGN.md, "HTTP conventions"). */
const dateTime = (description: string | undefined, nullable: boolean) => ({
  type: String,
  format: 'date-time',
  ...(nullable ? { nullable } : {}),
  ...(description !== undefined ? { description } : {}),
});

/**
 * A timestamp field, with what it marks:
 *
 *   @DateTime('When the team was created')
 *   createdAt!: string;
 */
export const DateTime = (description?: string) => ApiProperty(dateTime(description, false));

/** A timestamp field that is absent until what it marks happens. */
export const OptionalDateTime = (description?: string) => ApiPropertyOptional(dateTime(description, false));

/** A timestamp field that is null while what it marks has not happened (or does not apply). */
export const NullableDateTime = (description?: string) => ApiProperty(dateTime(description, true));

/**
 * A counter: a number, never absent, of what it counts.
 *
 *   @Count('open comments')
 *   comments!: number;
 */
export const Count = (what: string) => ApiProperty({ type: Number, description: `Count of ${what}` });
