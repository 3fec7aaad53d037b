import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, Length, registerDecorator } from 'class-validator';
import { IsOptionalNotNull } from '@docs/platform';

const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** A BCP 47 language tag such as `en`, `fr-CA` or `zh-Hant`, in the usual lowercase-language form. */
export function isLanguageCode(value: unknown): boolean {
  if (typeof value !== 'string' || !LANGUAGE.test(value)) return false;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

function IsLanguageCodes() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isLanguageCodes',
      target: object.constructor,
      propertyName,
      validator: {
        validate: (value: unknown) => Array.isArray(value) && value.every(isLanguageCode),
        defaultMessage: () => `${propertyName} must contain language codes such as en, fr or pt-BR`,
      },
    });
}

export class CreateTranslationSettingsBody {
  @ApiProperty({ minLength: 1, maxLength: 100 })
  @IsString()
  @Length(1, 100)
  title!: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', format: 'bcp47', pattern: LANGUAGE.source, example: 'pt-BR' },
    example: ['en', 'fr'],
    description: 'BCP 47 language tags such as en, fr or pt-BR',
  })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(100)
  @IsLanguageCodes()
  languages?: string[];
}

export class UpdateTranslationSettingsBody extends CreateTranslationSettingsBody {}
