import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiObject, DateTime, Permissions, Urls } from '@docs/platform';
import { AGENTS_CONTEXTS, SITE_TYPES, SITE_VISIBILITIES } from './site.decider';
import { EmptyListProperty } from '../shared/site-fields.response';

export const HOSTNAME_PATTERN = '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$';

export const PROXY_PATTERN = '^([\\w-]+\\.)*[\\w-]+\\.[a-zA-Z]{2,}(\\/[\\w-]+)+$';

export class SitePermissions extends Permissions({
  view: 'Can the caller view the site (members with a role)',
  access: 'Can the caller access the site in the application (members with a role)',
  edit: 'Can the caller edit the site content (admin or create)',
  create: "Can the caller manage the site's content structure and publish it (admin or create)",
  admin: 'Can the caller manage the site settings and publish it (admin or create)',
  installIntegration: 'Can the caller install integrations on the site (organization admins)',
  viewAdaptiveSchema: 'Can the caller view the adaptive schema (members with a role)',
  editAdaptiveSchema: 'Can the caller edit the adaptive schema (admin or create)',
}) {}

export class SiteUrls extends Urls({ app: 'URL of the site in the application', preview: 'URL of the preview of the site' }) {
  @ApiPropertyOptional({ type: String, format: 'uri', description: 'URL of the published site; only while published' })
  published?: string;
}

export class SiteProxyResponse {
  @ApiProperty({ type: String, pattern: PROXY_PATTERN, maxLength: 512, description: 'Where the site is served, e.g. company.com/docs' })
  origin!: string;

  @ApiProperty({ type: String, format: 'uri', description: 'The URL the requests at the origin are proxied to' })
  target!: string;
}

export class SiteAdaptiveContentResponse {
  @ApiProperty({ type: Boolean, description: 'Whether adaptive content is enabled on the site' })
  enabled!: boolean;
}

/** GitBook's Site (SitesPresenter.site). */
export class SiteResponse extends ApiObject('site', { description: 'Unique identifier of the site' }) {
  @ApiProperty({ type: String, enum: SITE_TYPES })
  type!: string;

  @ApiProperty({ type: String, enum: SITE_TYPES, description: 'The type applied now (always the type: no plans here)' })
  appliedType!: string;

  @ApiProperty({ type: String, minLength: 2, maxLength: 128 })
  title!: string;

  @ApiPropertyOptional({ type: String, pattern: HOSTNAME_PATTERN, maxLength: 512, description: 'Custom hostname; absent when none' })
  hostname?: string;

  @ApiPropertyOptional({ type: String, minLength: 1, maxLength: 100, description: 'Basename of the site; absent when none' })
  basename?: string;

  @ApiPropertyOptional({ type: () => SiteProxyResponse, description: 'The proxy the site is served through; absent when none' })
  proxy?: SiteProxyResponse;

  @ApiProperty({ type: String, enum: SITE_VISIBILITIES })
  visibility!: string;

  @ApiProperty({ type: String, enum: ['inherit'], description: 'Default level of the site content (inherit: the organization default)' })
  defaultLevel!: 'inherit';

  @ApiProperty({ type: () => SitePermissions })
  permissions!: SitePermissions;

  @ApiProperty({ type: Boolean, description: 'Whether the site is live for the audience of its visibility' })
  published!: boolean;

  @ApiProperty({ type: Number, description: 'How many site spaces the site has, at every level' })
  siteSpaces!: number;

  @DateTime()
  createdAt!: string;

  @ApiProperty({ type: () => SiteAdaptiveContentResponse })
  adaptiveContent!: SiteAdaptiveContentResponse;

  @ApiProperty({ type: String, enum: AGENTS_CONTEXTS, description: 'excluded: agents cannot access the site; included: they can' })
  agentsContext!: string;

  @EmptyListProperty('Premium features enabled on the site (none here)')
  features!: object[];

  @ApiProperty({ type: () => SiteUrls })
  urls!: SiteUrls;
}
