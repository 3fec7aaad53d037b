import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { AlikeFields } from '@docs/platform';
import { SiteResponse } from '../sites/site.response';
import { SiteStructureResponse } from './structure.response';
import { EmptyListProperty } from '../shared/site-fields.response';

/**
 * GitBook's PublishedContentSite (getPublishedContentSite) and the SiteCustomizationSettings it
 * embeds: every section GitBook requires, as served (at the defaults, domain/site-customization.ts).
 */
const COLOR = '^#(?:[0-9a-fA-F]{3}){1,2}$';

export class ThemedColorResponse extends AlikeFields({ type: String, pattern: COLOR }, 'light', 'dark') {}

/** A color of the theme, in its light and dark variants. */
const ThemedColor = () => ApiProperty({ type: () => ThemedColorResponse });

export class ThemedCodeThemeResponse extends AlikeFields(
  { type: String, description: "One of GitBook's CustomizationCodeTheme" },
  'light',
  'dark',
) {}

export class CodeThemeResponse extends AlikeFields({ type: () => ThemedCodeThemeResponse }, 'default', 'openapi') {}

export class SidebarStyleResponse {
  @ApiProperty({ type: String, enum: ['default', 'filled'] })
  background!: string;

  @ApiProperty({ type: String, enum: ['default', 'pill', 'line'] })
  list!: string;
}

export class CustomizationStylingResponse {
  @ApiProperty({ type: String, enum: ['clean', 'muted', 'bold', 'gradient'] })
  theme!: string;

  @ThemedColor()
  primaryColor!: ThemedColorResponse;

  @ThemedColor()
  infoColor!: ThemedColorResponse;

  @ThemedColor()
  successColor!: ThemedColorResponse;

  @ThemedColor()
  warningColor!: ThemedColorResponse;

  @ThemedColor()
  dangerColor!: ThemedColorResponse;

  @ApiProperty({ type: String, enum: ['straight', 'rounded', 'circular'] })
  corners!: string;

  @ApiProperty({ type: String, enum: ['subtle', 'flat'] })
  depth!: string;

  @ApiProperty({ type: String, enum: ['default', 'accent'] })
  links!: string;

  @ApiProperty({ type: String, description: "One of GitBook's CustomizationDefaultFont" })
  font!: string;

  @ApiProperty({ type: String, description: "One of GitBook's CustomizationDefaultMonospaceFont" })
  monospaceFont!: string;

  @ApiProperty({ type: String, enum: ['plain', 'match'], deprecated: true })
  background!: string;

  @ApiProperty({ type: String, enum: ['regular', 'solid', 'duotone', 'light', 'thin'] })
  icons!: string;

  @ApiProperty({ type: () => CodeThemeResponse })
  codeTheme!: CodeThemeResponse;

  @ApiProperty({ type: () => SidebarStyleResponse })
  sidebar!: SidebarStyleResponse;

  @ApiProperty({ type: String, enum: ['prominent', 'subtle'] })
  search!: string;
}

export class CustomizationInternationalizationResponse {
  @ApiProperty({ type: String, enum: ['en', 'fr', 'es', 'zh', 'ja', 'de', 'nl', 'no', 'pt-br', 'ru'] })
  locale!: string;
}

export class CustomizationHeaderResponse {
  @ApiProperty({ type: String, enum: ['default', 'bold', 'contrast', 'custom', 'none'], deprecated: true })
  preset!: string;

  @EmptyListProperty('Header links (none: no customization here)')
  links!: object[];
}

export class CustomizationFooterResponse {
  @EmptyListProperty('Footer groups (none: no customization here)')
  groups!: object[];
}

export class CustomizationThemesResponse {
  @ApiProperty({ type: String, enum: ['light', 'dark', 'system'] })
  default!: string;

  @ApiProperty({ type: Boolean, description: 'Whether readers can switch between dark and light mode' })
  toggeable!: boolean;
}

export class CustomizationEnabledResponse {
  @ApiProperty({ type: Boolean })
  enabled!: boolean;
}

/** A section of the settings that is only on or off. */
const Toggle = (description: string) => ApiProperty({ type: () => CustomizationEnabledResponse, description });

export class CustomizationAiResponse {
  @ApiProperty({ type: String, enum: ['none', 'search', 'assistant'] })
  mode!: string;
}

export class CustomizationPageActionsResponse {
  @ApiProperty({ type: [String], description: 'The page actions enabled, in order (none: the page menu is off)' })
  items!: string[];
}

export class CustomizationExternalLinksResponse {
  @ApiProperty({ type: String, enum: ['self', 'blank'] })
  target!: string;
}

export class CustomizationUrlResponse {
  @ApiPropertyOptional({ type: String, format: 'uri', description: 'Absent when none' })
  url?: string;
}

export class CustomizationInsightsResponse {
  @ApiProperty({ type: Boolean, description: 'Whether the visitor is identified with a cookie' })
  trackingCookie!: boolean;
}

/** GitBook's SiteCustomizationSettings: its required sections. */
export class SiteCustomizationSettingsResponse {
  @ApiProperty({ type: () => CustomizationStylingResponse })
  styling!: CustomizationStylingResponse;

  @ApiProperty({ type: () => CustomizationInternationalizationResponse, deprecated: true })
  internationalization!: CustomizationInternationalizationResponse;

  @ApiProperty({ type: 'object', additionalProperties: false, description: 'The favicon ({}: none, the default)' })
  favicon!: object;

  @ApiProperty({ type: () => CustomizationHeaderResponse })
  header!: CustomizationHeaderResponse;

  @ApiProperty({ type: () => CustomizationFooterResponse })
  footer!: CustomizationFooterResponse;

  @ApiProperty({ type: () => CustomizationThemesResponse })
  themes!: CustomizationThemesResponse;

  @Toggle('Feedback gathering')
  feedback!: CustomizationEnabledResponse;

  @ApiProperty({ type: () => CustomizationAiResponse })
  ai!: CustomizationAiResponse;

  @Toggle('Advanced customization')
  advancedCustomization!: CustomizationEnabledResponse;

  @Toggle('The "Powered by GitBook" trademark')
  trademark!: CustomizationEnabledResponse;

  @ApiProperty({ type: () => CustomizationExternalLinksResponse })
  externalLinks!: CustomizationExternalLinksResponse;

  @Toggle('The pagination navigation on pages')
  pagination!: CustomizationEnabledResponse;

  @ApiProperty({ type: () => CustomizationPageActionsResponse })
  pageActions!: CustomizationPageActionsResponse;

  @ApiProperty({ type: () => CustomizationUrlResponse })
  privacyPolicy!: CustomizationUrlResponse;

  @ApiProperty({ type: () => CustomizationUrlResponse })
  socialPreview!: CustomizationUrlResponse;

  @EmptyListProperty('The social accounts of the site (none)')
  socialAccounts!: object[];

  @ApiProperty({ type: () => CustomizationInsightsResponse })
  insights!: CustomizationInsightsResponse;
}

export class PublishedSiteCustomizationsResponse {
  @ApiProperty({ type: () => SiteCustomizationSettingsResponse })
  site!: SiteCustomizationSettingsResponse;

  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(SiteCustomizationSettingsResponse) },
    description: "Customizations of site spaces by site space ID (none: every site space has the site's)",
  })
  siteSpaces!: Record<string, SiteCustomizationSettingsResponse>;
}

/** GitBook's PublishedContentSite (SitesPresenter.published). */
export class PublishedContentSiteResponse {
  @ApiProperty({ type: String, enum: ['published-content-site'] })
  object!: 'published-content-site';

  @ApiProperty({ type: () => SiteResponse })
  site!: SiteResponse;

  @ApiProperty({ type: () => SiteStructureResponse })
  structure!: SiteStructureResponse;

  @ApiProperty({ type: () => PublishedSiteCustomizationsResponse })
  customizations!: PublishedSiteCustomizationsResponse;

  @EmptyListProperty('Integration scripts to load (none: no integrations on sites here)')
  scripts!: object[];
}
