import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { PublishedContentLookup } from './resolve-published-content';

/** GitBook's PublishedSiteContent: what a URL of a served site names, for the caller. */
export class PublishedSiteContentResponse {
  @ApiProperty({ type: String, description: 'ID of the site matching' })
  site!: string;

  @ApiPropertyOptional({ type: String, description: 'ID of the site section matching (absent on a site without sections)' })
  siteSection?: string;

  @ApiProperty({ type: String, description: 'ID of the site space matching' })
  siteSpace!: string;

  @ApiProperty({ type: String, description: 'ID of the space matching' })
  space!: string;

  @ApiProperty({ type: String, description: 'The live revision of the space the site serves' })
  revision!: string;

  @ApiProperty({
    type: String,
    description: 'ID of the page the URL opens',
    'x-docs-extension': { gitbook: false, why: "GitBook's answer names the page by its path only" },
  } as Record<string, unknown>)
  page!: string;

  @ApiProperty({ type: String, description: "Path of the page relative to the site space's base (empty: its first page)" })
  pathname!: string;

  @ApiProperty({ type: String, description: "The URL's path up to the site space (section and variant included), with a final /" })
  basePath!: string;

  @ApiProperty({ type: String, description: "The URL's path up to the site, with a final /" })
  siteBasePath!: string;

  @ApiProperty({
    type: String,
    description: "A token that reads the space's content through the API: the caller's own (this server issues no short-lived tokens)",
  })
  apiToken!: string;

  @ApiProperty({ type: String, description: 'ID of the organization' })
  organization!: string;

  @ApiPropertyOptional({ type: String, description: "The URL's share key, when it is an active share link's of a share-link site" })
  shareKey?: string;

  @ApiProperty({
    type: Boolean,
    description: 'Whether no further section or site space segment can follow before page segments',
  })
  complete!: boolean;

  @ApiProperty({ type: String, format: 'uri', description: "The page's URL on the site, as the site links it" })
  canonicalUrl!: string;
}

/** GitBook's PublishedContentRedirect to an external resource: the site's login URL (redirectOnError). */
export class PublishedContentExternalRedirectResponse {
  @ApiProperty({ enum: ['external'], description: 'Type of target for the redirect' })
  target!: 'external';

  @ApiProperty({ type: String, description: 'ID of the resolved site' })
  site!: string;

  @ApiProperty({ type: String, format: 'uri', description: "The site's login URL, with where the visitor was going as `location`" })
  redirect!: string;
}

export function publishedContent(lookup: PublishedContentLookup, apiToken: string) {
  if (lookup.kind === 'login') return { target: 'external' as const, site: lookup.siteId, redirect: lookup.location };
  return {
    site: lookup.siteId,
    ...(lookup.sectionId !== null ? { siteSection: lookup.sectionId } : {}),
    siteSpace: lookup.siteSpaceId,
    space: lookup.spaceId,
    revision: lookup.revisionId,
    page: lookup.pageId,
    pathname: lookup.pathname,
    basePath: lookup.basePath,
    siteBasePath: lookup.siteBasePath,
    apiToken,
    organization: lookup.organizationId,
    ...(lookup.shareKey !== undefined ? { shareKey: lookup.shareKey } : {}),
    complete: lookup.complete,
    canonicalUrl: lookup.canonicalUrl,
  };
}
