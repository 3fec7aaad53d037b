import { ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

/**
 * For optional fields that must not be null: skipped when absent, validated (and so rejected) when
 * null. class-validator's IsOptional would let null through, which PATCH would read as "clear".
 */
export const IsOptionalNotNull = () => ValidateIf((_object, value) => value !== undefined);

/**
 * Several property decorators as one, listed in the order they would be stacked. They apply
 * bottom-up, as stacked decorators do, so the first listed stays the rule a 400 reports (validation.ts).
 */
export const Stacked =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const decorator of [...decorators].reverse()) decorator(target, key);
  };

/** An optional filter of a query string: absent, or text of at most `maxLength` characters, documented by `doc`. */
export const OptionalText = (maxLength: number, doc?: ApiPropertyOptions) =>
  Stacked(...(doc ? [ApiPropertyOptional(doc)] : []), IsOptional(), IsString(), MaxLength(maxLength));
