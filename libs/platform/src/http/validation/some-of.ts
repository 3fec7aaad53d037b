import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional } from 'class-validator';
import { Stacked } from './validators';

/**
 * An optional query parameter naming some of `values` (one or more): given once it is a string,
 * repeated (`type=a&type=b`) an array. Documented as an array of the enum; anything else is a 400
 * naming the field (`type must be one of basic, premium`).
 */
export const SomeOf = (field: string, values: readonly string[], doc: { description: string; default?: string[] }) =>
  Stacked(
    ApiPropertyOptional({
      type: 'array',
      items: { type: 'string', enum: [...values] },
      minItems: 1,
      maxItems: values.length,
      ...(doc.default !== undefined ? { default: doc.default } : {}),
      description: doc.description,
    }),
    IsOptional(),
    Transform(({ value }) => (typeof value === 'string' ? [value] : value)),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(values.length),
    IsIn([...values], { each: true, message: `${field} must be one of ${values.join(', ')}` }),
  );
