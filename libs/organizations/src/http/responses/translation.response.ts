import { ApiProperty } from '@nestjs/swagger';

export class TranslationSettingsPermissions {
  @ApiProperty({ type: Boolean, description: 'Can the caller view them (members with a role)' })
  view!: boolean;

  @ApiProperty({ type: Boolean, description: 'Can the caller change them (organization admins)' })
  edit!: boolean;
}

export class TranslationSettingsUrls {
  @ApiProperty({ type: String, format: 'uri', description: 'URL of the translation settings in the API' })
  location!: string;
}

/** The seed's translation-settings object (TranslationsPresenter.settings); GitBook has no such schema. */
export class TranslationSettingsResponse {
  @ApiProperty({ type: String, enum: ['translation-settings'] })
  object!: 'translation-settings';

  @ApiProperty({ type: String })
  id!: string;

  @ApiProperty({ type: String, minLength: 1, maxLength: 100 })
  title!: string;

  @ApiProperty({ type: [String], description: 'BCP 47 language tags such as en, fr or pt-BR', example: ['en', 'fr'] })
  languages!: string[];

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt!: string;

  @ApiProperty({ type: () => TranslationSettingsPermissions })
  permissions!: TranslationSettingsPermissions;

  @ApiProperty({ type: () => TranslationSettingsUrls })
  urls!: TranslationSettingsUrls;
}
