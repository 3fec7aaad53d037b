import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsOptionalNotNull } from '@docs/platform';
import { MAX_FALLBACK_URL, VISITOR_KEY } from '../sites/site.decider';

/** PATCH .../publishing/auth: GitBook's SitePublishingAuthUpdate (custom backend), with the key as this server's extension. */
export class UpdateSitePublishingAuthBody {
  @ApiPropertyOptional({ enum: ['custom'], description: 'Custom backend for authenticated access (the only one here)' })
  @IsOptionalNotNull()
  @IsIn(['custom'])
  backend?: 'custom';

  @ApiPropertyOptional({
    type: String,
    minLength: VISITOR_KEY.min,
    maxLength: VISITOR_KEY.max,
    description:
      "The secret that signs visitors' JWTs (HS256); a random one when the site has none and none is given. Never answered in full",
    'x-docs-extension': { gitbook: false, why: "GitBook generates the key; here the admin sets it (the site's config, kept in an event)" },
  } as Record<string, unknown>)
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(VISITOR_KEY.max)
  privateKey?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    nullable: true,
    maxLength: MAX_FALLBACK_URL,
    description: 'Where a reader without a valid token is redirected (302); null unsets it (then 401)',
  })
  @ValidateIf((_, v) => v !== undefined && v !== null)
  @IsString()
  fallbackURL?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    nullable: true,
    maxLength: MAX_FALLBACK_URL,
    description: 'Where the login backend logs visitors out; null unsets it',
  })
  @ValidateIf((_, v) => v !== undefined && v !== null)
  @IsString()
  logoutURL?: string | null;
}
