import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { OptionalText, PageQuery, toBoolean } from '@docs/platform';
import { declareAll } from '../shared/gitbook-body';
import { SCHEMAS, SOURCE_PATH } from '../shared/gitbook-schema-rules';

const SOURCE = { maxLength: (SCHEMAS.SiteRedirectSourcePath as { maxLength: number }).maxLength, pattern: SOURCE_PATH };
const SOURCE_PATTERN = new RegExp(SOURCE_PATH);

/** POST .../redirects (createSiteRedirect): GitBook's body; the destination a section, a site space, a page or a URL. */
export class CreateSiteRedirectBody {
  [property: string]: unknown;
}
declareAll(CreateSiteRedirectBody, 'CreateSiteRedirectBody');

/** PATCH .../redirects/{siteRedirectId} (updateSiteRedirectById): the fields to change. */
export class UpdateSiteRedirectBody {
  [property: string]: unknown;
}
declareAll(UpdateSiteRedirectBody, 'UpdateSiteRedirectBody');

/** PUT .../redirects (bulkUpsertSiteRedirects): 1 to 500 redirects to set, delete (destination null) or publish. */
export class BulkUpsertSiteRedirectsBody {
  [property: string]: unknown;
}
declareAll(BulkUpsertSiteRedirectsBody, 'BulkUpsertSiteRedirectsBody');

export const REDIRECT_ORDERS = ['createdAt', 'updatedAt', 'source'] as const;

export class ListSiteRedirectsQuery extends PageQuery {
  @OptionalText(SOURCE.maxLength, {
    type: String,
    maxLength: SOURCE.maxLength,
    description: 'Only redirects whose source path holds this (any case)',
  })
  search?: string;

  @ApiPropertyOptional({ type: Boolean, default: false, description: 'Draft redirects (true) or live ones (false, the default)' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  draft?: boolean;

  @ApiPropertyOptional({
    type: String,
    enum: REDIRECT_ORDERS,
    default: 'createdAt',
    description: 'createdAt and updatedAt: most recent first; source: alphabetically',
  })
  @IsOptional()
  @IsIn(REDIRECT_ORDERS)
  orderBy?: (typeof REDIRECT_ORDERS)[number];
}

export class SiteRedirectBySourceQuery {
  @ApiProperty({ type: String, maxLength: SOURCE.maxLength, pattern: SOURCE.pattern, description: 'The source path of the redirect' })
  @IsString()
  @MaxLength(SOURCE.maxLength)
  @Matches(SOURCE_PATTERN, { message: 'source must be a path such as /old/page, /old/*' })
  source!: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: 128,
    description: "A key of one of the site's active share links: a target on the site carries it (`?share=`), as a share-link reader needs",
  })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  shareKey?: string;
}
