import { Type as Class } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';
import { IsOptionalNotNull, Stacked } from './validators';

/**
 * An optional object of the class `type` in a body: documented, validated and built as that class.
 * Null is refused: absent is how a request leaves it out.
 */
export const OptionalObject = (type: Class) =>
  Stacked(ApiPropertyOptional({ type }), IsOptionalNotNull(), IsObject(), ValidateNested(), Type(() => type) as PropertyDecorator);
