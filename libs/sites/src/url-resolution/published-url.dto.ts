import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsObject, IsOptional, IsString, MaxLength, ValidateBy, ValidateNested } from 'class-validator';
import { ApiField, IsOneOf, IsOptionalNotNull, Stacked, toBoolean } from '@docs/platform';

/** GitBook's URL schema: at most 2048 characters. */
export const MAX_URL = 2048;
/** A visitor's JWT longer than this is refused (the served site reads no longer token). */
export const MAX_VISITOR_TOKEN = 8192;
/** Unsigned claims a request may give at most (the served site reads no more). */
export const MAX_UNSIGNED_CLAIMS = 64;
const VISITOR_TYPES = ['human', 'agent'] as const;

/** Whether `value` is an absolute http(s) URL, as the WHATWG URL parser reads it. */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The URL to resolve: an absolute http(s) URL of at most MAX_URL characters. */
const PublishedUrl = () =>
  Stacked(
    ApiProperty({ type: String, format: 'uri', maxLength: MAX_URL, pattern: '^[hH][tT][tT][pP][sS]?://', description: 'URL to resolve' }),
    IsString({ message: 'url must be a string (it is required)' }),
    MaxLength(MAX_URL, { message: `url must be at most ${MAX_URL} characters` }),
    ValidateBy({ name: 'httpUrl', validator: { validate: isHttpUrl, defaultMessage: () => 'url must be an absolute http(s) URL' } }),
  );

const RedirectOnError = () =>
  Stacked(
    ApiPropertyOptional({
      type: Boolean,
      default: false,
      description: "When true, a visitor token the site's key did not sign answers a redirect to the site's login URL (when it has one)",
    }),
    IsOptional(),
    Transform(toBoolean),
    IsBoolean({ message: 'redirectOnError must be true or false' }),
  );

const VisitorToken = (name: string) =>
  Stacked(
    ApiField({
      type: String,
      maxLength: MAX_VISITOR_TOKEN,
      description: "A visitor's JWT for a visitor-auth site: when the site's key signed it, its claims decide adaptive content",
    }),
    IsString({ message: `${name} must be a string` }),
    MaxLength(MAX_VISITOR_TOKEN, { message: `${name} must be at most ${MAX_VISITOR_TOKEN} characters` }),
  );

/** GET /v1/urls/published (getPublishedContentByUrl). */
export class PublishedUrlQuery {
  @PublishedUrl()
  url!: string;

  @VisitorToken('visitorAuthToken')
  visitorAuthToken?: string;

  @RedirectOnError()
  redirectOnError?: boolean;
}

/** GitBook's SiteVisitorPayload: who reads, with a signed token and unsigned claims. */
export class SiteVisitorPayloadBody {
  @ApiField({ enum: VISITOR_TYPES, description: 'Whether the visitor is a human or an AI agent (both read the same content here)' })
  @IsOneOf('visitor.type', VISITOR_TYPES)
  type?: (typeof VISITOR_TYPES)[number];

  @VisitorToken('visitor.jwtToken')
  jwtToken?: string;

  @ApiField({
    type: 'object',
    additionalProperties: true,
    maxProperties: MAX_UNSIGNED_CLAIMS,
    description: "Unsigned claims (as `visitor.<name>` query parameters on the site): those the site's adaptive schema declares",
  })
  // The JSON as sent: class-transformer would drop nested keys named like Object.prototype members.
  @Transform(({ obj }) => (obj as { unsignedClaims?: unknown }).unsignedClaims, { toClassOnly: true })
  @IsObject({ message: 'visitor.unsignedClaims must be an object' })
  @ValidateBy({
    name: 'fewClaims',
    validator: {
      validate: (value: unknown) => typeof value === 'object' && value !== null && Object.keys(value).length <= MAX_UNSIGNED_CLAIMS,
      defaultMessage: () => `visitor.unsignedClaims must have at most ${MAX_UNSIGNED_CLAIMS} claims`,
    },
  })
  unsignedClaims?: Record<string, unknown>;
}

/** POST /v1/urls/published (resolvePublishedContentByUrl). */
export class ResolvePublishedUrlBody {
  @PublishedUrl()
  url!: string;

  @RedirectOnError()
  redirectOnError?: boolean;

  @ApiPropertyOptional({ type: () => SiteVisitorPayloadBody, description: 'The visitor the URL is resolved for' })
  @IsOptionalNotNull()
  @IsObject({ message: 'visitor must be an object' })
  @ValidateNested()
  @Type(() => SiteVisitorPayloadBody)
  visitor?: SiteVisitorPayloadBody;
}
