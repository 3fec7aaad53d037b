import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, Length, Matches, MaxLength, ValidateNested } from 'class-validator';
import { IsOptionalNotNull, NotServed, OptionalText, PageQuery, SomeOf, Stacked, toBoolean, IsOneOf } from '@docs/platform';
import { AGENTS_CONTEXTS, AgentsContext, SITE_TITLE, SITE_TYPES, SITE_VISIBILITIES, SiteType, SiteVisibility } from './site.decider';
import { HOSTNAME_PATTERN, PROXY_PATTERN } from './site.response';
import { Nullable, IdOf, Text } from '../shared/site-fields.dto';

const MAX_SPACES = 100;

const Title = () => Text(SITE_TITLE, { description: 'Title of the site' });

const Visibility = () =>
  Stacked(
    ApiPropertyOptional({
      enum: SITE_VISIBILITIES,
      description: 'public, unlisted, share-link (a secret key in the URL) or visitor-auth (a visitor JWT)',
    }),
    IsOptionalNotNull(),
    IsOneOf('visibility', SITE_VISIBILITIES),
  );

/** POST /orgs/{organizationId}/sites */
export class CreateSiteBody {
  @ApiPropertyOptional({ enum: SITE_TYPES, default: 'basic' })
  @IsOptionalNotNull()
  @IsOneOf('type', SITE_TYPES)
  type?: SiteType;

  @Title()
  title?: string;

  @Visibility()
  visibility?: SiteVisibility;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_SPACES,
    description: 'IDs of spaces to add at the root level of the site (each visible to the caller, in the organization)',
  })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(MAX_SPACES)
  @IsString({ each: true })
  @Length(1, 255, { each: true })
  spaces?: string[];
}

export class AdaptiveContentBody {
  @ApiProperty({ type: Boolean })
  @IsBoolean()
  enabled!: boolean;
}

/** PATCH /orgs/{organizationId}/sites/{siteId}: omitted fields stay; `proxy` and `hostname` null remove them. */
export class UpdateSiteBody {
  @Title()
  title?: string;

  @Visibility()
  visibility?: SiteVisibility;

  @Text({ min: 1, max: 100 }, { description: 'Basename of the site' })
  basename?: string;

  @ApiPropertyOptional({
    type: String,
    pattern: HOSTNAME_PATTERN,
    maxLength: 512,
    nullable: true,
    description: 'Custom hostname (docs.example.com), or null to remove it',
  })
  @Nullable()
  @IsString()
  @MaxLength(512)
  @Matches(new RegExp(HOSTNAME_PATTERN), {
    message: 'hostname must be a hostname of at least three labels, in lower case (docs.example.com)',
  })
  hostname?: string | null;

  @ApiPropertyOptional({ type: () => AdaptiveContentBody })
  @IsOptionalNotNull()
  @ValidateNested()
  @Type(() => AdaptiveContentBody)
  adaptiveContent?: AdaptiveContentBody;

  @ApiPropertyOptional({ enum: AGENTS_CONTEXTS })
  @IsOptionalNotNull()
  @IsOneOf('agentsContext', AGENTS_CONTEXTS)
  agentsContext?: AgentsContext;

  @IdOf('ID of the site space to make the default of the root level, or of the default section when the site has sections')
  defaultSiteSpace?: string;

  @IdOf('ID of the section to make the default of the site')
  defaultSiteSection?: string;

  @ApiPropertyOptional({
    type: String,
    pattern: PROXY_PATTERN,
    maxLength: 512,
    nullable: true,
    description: 'Serve the site under a path of another domain (company.com/docs), or null to remove it',
  })
  @Nullable()
  @IsString()
  @MaxLength(512)
  @Matches(new RegExp(PROXY_PATTERN), { message: 'proxy must be a host and a path, such as company.com/docs' })
  proxy?: string | null;

  @NotServed('defaultLevel', "members' access to a site follows their organization role")
  defaultLevel?: unknown;

  @NotServed('styleguide', 'style guides are not served')
  styleguide?: unknown;
}

/** GET /orgs/{organizationId}/sites */
export class ListSitesQuery extends PageQuery {
  @OptionalText(255, { description: 'Only sites that show this space (a space id)' })
  space?: string;

  @OptionalText(128, { description: 'Case-insensitive substring of the site title' })
  title?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'Only published (true) or unpublished (false) sites' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  published?: boolean;

  @SomeOf('type', SITE_TYPES, { description: 'Only sites of these types (repeat the parameter: type=basic&type=premium)' })
  type?: SiteType[];
}
