import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LocationUrls, Permissions } from '@docs/platform';
import { OrganizationResponse } from '@docs/organizations';
import { INTEGRATION_CATEGORIES, INTEGRATION_SCOPES, INTEGRATION_TARGETS, INTEGRATION_VISIBILITIES } from './integration.decider';
import { IntegrationBlockInput, IntegrationContentSourceInput, IntegrationExternalLinkInput } from './integration.dto';

export class IntegrationPermissions extends Permissions({
  admin: 'Can the caller manage the integration (admins of the owner organization)',
  install:
    'Can the caller install it: public and unlisted integrations, and private ones for admins of the ' +
    'owner (installing needs an admin of the target organization)',
}) {}

export class IntegrationUrls extends LocationUrls {
  @ApiPropertyOptional({ type: String, format: 'uri', description: 'The icon, as a data URI' })
  icon?: string;

  @ApiProperty({ type: String, format: 'uri', description: 'URL of the integration in the application' })
  app!: string;

  @ApiProperty({ type: String, format: 'uri', description: "URL of the integration's assets" })
  assets!: string;

  @ApiProperty({ type: String, format: 'uri', description: 'Public HTTP endpoint for the integration' })
  publicEndpoint!: string;

  @ApiProperty({ type: String, format: 'uri', description: "Public endpoint serving the integration's rendered content" })
  publicContentEndpoint!: string;
}

/** GitBook's Integration (IntegrationsPresenter.integration). */
export class IntegrationResponse {
  @ApiProperty({ type: String, enum: ['integration'] })
  object!: 'integration';

  @ApiProperty({ type: String, maxLength: 100, description: 'Unique named identifier for the integration' })
  name!: string;

  @ApiProperty({ type: Number, minimum: 1, description: 'Version of the integration: 1, then one more at each publication by its owner' })
  version!: number;

  @ApiProperty({ type: String, minLength: 2, maxLength: 30 })
  title!: string;

  @ApiPropertyOptional({ type: String, maxLength: 100 })
  description?: string;

  @ApiPropertyOptional({ type: String, maxLength: 2048 })
  summary?: string;

  @ApiProperty({ type: [String], maxItems: 3, description: 'The preview images, as data URIs' })
  previewImages!: string[];

  @ApiProperty({ type: String, enum: INTEGRATION_TARGETS })
  target!: string;

  @ApiProperty({ type: Boolean, description: 'Always false: nobody verifies integrations here' })
  verified!: boolean;

  @ApiProperty({ type: String, enum: INTEGRATION_VISIBILITIES })
  visibility!: string;

  @ApiProperty({ type: String, enum: INTEGRATION_SCOPES, isArray: true })
  scopes!: string[];

  @ApiProperty({ type: String, enum: INTEGRATION_CATEGORIES, isArray: true })
  categories!: string[];

  @ApiPropertyOptional({ type: () => [IntegrationBlockInput] })
  blocks?: IntegrationBlockInput[];

  @ApiPropertyOptional({ type: () => [IntegrationContentSourceInput] })
  contentSources?: IntegrationContentSourceInput[];

  @ApiPropertyOptional({ type: Object, description: 'account, space and site configurations' })
  configurations?: Record<string, unknown>;

  @ApiProperty({ type: () => [IntegrationExternalLinkInput] })
  externalLinks!: IntegrationExternalLinkInput[];

  @ApiProperty({ type: () => OrganizationResponse })
  owner!: OrganizationResponse;

  @ApiProperty({ type: () => IntegrationUrls })
  urls!: IntegrationUrls;

  @ApiProperty({ type: () => IntegrationPermissions })
  permissions!: IntegrationPermissions;

  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'object', additionalProperties: { type: 'string' } }] } as never)
  contentSecurityPolicy?: string | Record<string, string>;
}
