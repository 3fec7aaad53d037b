import { ApiProperty } from '@nestjs/swagger';
import { documented } from '../shared/gitbook-body';
import { propertiesOf } from '../shared/gitbook-schema-rules';
import { entryOf, SiteRedirectDoc } from './redirects.read-model';

/** GitBook's SiteRedirect, as its schema says. */
export class SiteRedirectResponse {
  [property: string]: unknown;
}
{
  const { names, required } = propertiesOf('SiteRedirect');
  for (const property of names)
    documented('SiteRedirect', property, false, required.has(property))(SiteRedirectResponse.prototype, property);
}

export const presentRedirect = (doc: SiteRedirectDoc) => ({
  object: 'site-redirect' as const,
  ...entryOf(doc),
  createdAt: doc.createdAt,
  ...(doc.updatedAt !== undefined ? { updatedAt: doc.updatedAt } : {}),
});

/** getSiteRedirectBySource: the redirect and the URL it sends a reader to. */
export class SiteRedirectBySourceResponse {
  @ApiProperty({ type: () => SiteRedirectResponse })
  redirect!: SiteRedirectResponse;

  @ApiProperty({ type: String, description: 'URL of the destination of the redirect' })
  target!: string;
}

export const BULK_STATUSES = ['created', 'updated', 'deleted', 'published', 'error'] as const;

/** One item's outcome in bulkUpsertSiteRedirects, in the order sent. */
export class BulkRedirectResultResponse {
  @ApiProperty({ type: String, enum: BULK_STATUSES })
  status!: (typeof BULK_STATUSES)[number];

  @ApiProperty({ type: String, description: 'The source path, normalised' })
  source!: string;

  @ApiProperty({ type: Boolean, description: 'Whether the redirect is (was, for deleted) a draft; false for published' })
  draft!: boolean;

  @ApiProperty({ type: String, required: false, description: 'The redirect (the live one, for published); absent for deleted and error' })
  id?: string;

  @ApiProperty({ type: String, required: false, description: 'Why the item was refused (error only)' })
  error?: string;
}

export class BulkUpsertSiteRedirectsResponse {
  @ApiProperty({ type: () => [BulkRedirectResultResponse] })
  results!: BulkRedirectResultResponse[];
}
