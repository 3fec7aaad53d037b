import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { IsOptionalNotNull, Stacked } from './validators';

/**
 * A request field's documentation: optional, and then it may be absent but never null
 * (IsOptionalNotNull), or `required`. For fields that creating requires and updating leaves optional:
 *
 *   const Title = (required: boolean) => Stacked(ApiField({ minLength: 2, maxLength: 255 }, { required }), IsString(), Length(2, 255));
 */
export const ApiField = (doc: ApiPropertyOptions, { required = false }: { required?: boolean } = {}): PropertyDecorator =>
  required ? ApiProperty(doc) : Stacked(ApiPropertyOptional(doc), IsOptionalNotNull());
