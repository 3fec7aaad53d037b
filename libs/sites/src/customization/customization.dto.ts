import { ApiPropertyOptional } from '@nestjs/swagger';
import { toBoolean } from '@docs/platform';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { declareAll } from '../shared/gitbook-body';

export const SETTINGS_SCHEMA = 'SiteCustomizationSettingsBase';
export const OVERRIDE_SCHEMA = 'SiteSpaceCustomizationOverride';

/** PUT .../customization (updateSiteCustomizationById): GitBook's SiteCustomizationSettingsInput, whole. */
export class UpdateSiteCustomizationBody {
  [property: string]: unknown;
}
declareAll(UpdateSiteCustomizationBody, SETTINGS_SCHEMA);

/** PATCH .../site-spaces/{siteSpaceId}/customization (overrideSiteSpaceCustomizationById): what to change; null resets. */
export class OverrideSiteSpaceCustomizationBody {
  [property: string]: unknown;
}
declareAll(OverrideSiteSpaceCustomizationBody, OVERRIDE_SCHEMA);

/** `unmasked` (GitBook's deprecated flag): nothing is masked here, so it changes nothing. */
export class CustomizationQuery {
  @ApiPropertyOptional({
    type: Boolean,
    deprecated: true,
    description: 'Deprecated in GitBook; nothing is masked here, so it changes nothing',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  unmasked?: boolean;
}
