import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Length, ValidateNested } from 'class-validator';
import { IsOneOf, IsOptionalNotNull } from '@docs/platform';
import { MAX_SITE_QUERY } from './site-search';

/** Site spaces a search may name at most (a site has no more than this many worth naming one by one). */
const MAX_NAMED_SITE_SPACES = 100;
export const SCOPE_MODES = ['default', 'specific', 'all'] as const;
export const RESTRICTIONS = ['currentSiteSpace', 'otherSiteSpaces'] as const;
export const LEGACY_MODES = ['specific', 'current', 'all'] as const;

const SiteSpaceIds = (field: string) => (target: object, key: string) => {
  ApiPropertyOptional({
    type: [String],
    minItems: 1,
    maxItems: MAX_NAMED_SITE_SPACES,
    description: 'IDs of site spaces of the site; required with mode specific',
  })(target, key);
  IsOptionalNotNull()(target, key);
  IsArray({ message: `${field} must be an array of site space ids` })(target, key);
  ArrayMinSize(1, { message: `${field} must name at least one site space` })(target, key);
  ArrayMaxSize(MAX_NAMED_SITE_SPACES, { message: `${field} must name at most ${MAX_NAMED_SITE_SPACES} site spaces` })(target, key);
  IsString({ each: true, message: `${field} must hold strings` })(target, key);
};

/** GitBook's SiteSearchScope: the default content of each section (or part of it), named site spaces, or everything. */
export class SiteSearchScopeBody {
  @ApiProperty({ type: String, enum: SCOPE_MODES })
  @IsOneOf('scope.mode', SCOPE_MODES)
  mode!: (typeof SCOPE_MODES)[number];

  @ApiPropertyOptional({
    type: String,
    description: 'With mode `default`: a site space always searched (or the one `restrictTo` is relative to: required with restrictTo)',
  })
  @IsOptionalNotNull()
  @IsString({ message: 'scope.currentSiteSpace must be a string' })
  currentSiteSpace?: string;

  @ApiPropertyOptional({
    type: String,
    enum: RESTRICTIONS,
    description: 'With mode `default` and `currentSiteSpace`: only that site space, or every other',
  })
  @IsOptionalNotNull()
  @IsOneOf('scope.restrictTo', RESTRICTIONS)
  restrictTo?: (typeof RESTRICTIONS)[number];

  @SiteSpaceIds('scope.siteSpaceIds')
  siteSpaceIds?: string[];
}

/** POST /v1/orgs/{organizationId}/sites/{siteId}/search (searchSiteContent): the words, and where to look (default: everywhere). */
export class SearchSiteBody {
  @ApiProperty({ type: String, minLength: 1, maxLength: MAX_SITE_QUERY, description: 'Words to look for (any of them)' })
  @IsString({ message: 'query must be a string' })
  @Length(1, MAX_SITE_QUERY, { message: `query must be 1 to ${MAX_SITE_QUERY} characters` })
  query!: string;

  @ApiPropertyOptional({ type: () => SiteSearchScopeBody })
  @IsOptionalNotNull()
  @ValidateNested()
  @Type(() => SiteSearchScopeBody)
  scope?: SiteSearchScopeBody;

  @ApiPropertyOptional({ type: String, enum: LEGACY_MODES, deprecated: true, description: 'Use scope' })
  @IsOptionalNotNull()
  @IsOneOf('mode', LEGACY_MODES)
  mode?: (typeof LEGACY_MODES)[number];

  @SiteSpaceIds('siteSpaceIds')
  siteSpaceIds?: string[];

  @ApiPropertyOptional({ type: String, deprecated: true, description: 'The current site space (use scope): required with mode current' })
  @IsOptionalNotNull()
  @IsString({ message: 'siteSpaceId must be a string' })
  siteSpaceId?: string;
}
