import { ApiProperty } from '@nestjs/swagger';
import { ApiTimestampedObject, LocationUrls, Permissions } from '@docs/platform';

export class TranslationSettingsPermissions extends Permissions({
  view: 'Can the caller view them (members with a role)',
  edit: 'Can the caller change them (organization admins)',
}) {}

/** The seed's translation-settings object (TranslationsPresenter.settings); GitBook has no such schema. */
export class TranslationSettingsResponse extends ApiTimestampedObject('translation-settings') {
  @ApiProperty({ type: String, minLength: 1, maxLength: 100 })
  title!: string;

  @ApiProperty({ type: [String], description: 'BCP 47 language tags such as en, fr or pt-BR', example: ['en', 'fr'] })
  languages!: string[];

  @ApiProperty({ type: () => TranslationSettingsPermissions })
  permissions!: TranslationSettingsPermissions;

  @ApiProperty({ type: () => LocationUrls })
  urls!: LocationUrls;
}
