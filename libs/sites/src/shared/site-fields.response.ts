import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_CONDITION, MAX_ICON } from '../sites/site.decider';

/** The visitor condition of a section or site space, as answered (site-fields.dto.ts' Condition takes it). */
export const ConditionProperty = () =>
  ApiPropertyOptional({
    type: String,
    minLength: 1,
    maxLength: MAX_CONDITION,
    description: 'Expression deciding whether visitors see it; absent when none',
  });

/** The icon of a section or section group, as answered (site-fields.dto.ts' Icon takes it). */
export const IconProperty = () => ApiPropertyOptional({ type: String, maxLength: MAX_ICON, description: 'Icon name; absent when none' });

/** A list of GitBook's schema that this server always answers empty (what it would hold, and why there is none). */
export const EmptyListProperty = (description: string) => ApiProperty({ type: [Object], description });
