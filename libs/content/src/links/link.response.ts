import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LINK_RELATIONS, LINK_STATUSES, LinkRelation, LinkStatus } from './links.domain';

export const LINK_TARGET_KINDS = ['page', 'anchor', 'file', 'url'] as const;

/** GitBook's ContentRef, the kinds a markdown link names: ContentRefPage, ContentRefAnchor, ContentRefFile, ContentRefURL. */
export class ContentLinkTargetResponse {
  @ApiProperty({ type: String, enum: LINK_TARGET_KINDS })
  kind!: (typeof LINK_TARGET_KINDS)[number];

  @ApiPropertyOptional({
    type: String,
    description: 'page: the page id (for a broken `/pages/<x>` link, the x written); anchor: the page the anchor is in',
  })
  page?: string;

  @ApiPropertyOptional({ type: String, description: 'anchor: the anchor in the page' })
  anchor?: string;

  @ApiPropertyOptional({ type: String, description: 'file: the file id' })
  file?: string;

  @ApiPropertyOptional({ type: String, description: 'url: the URL as written (for a broken relative link, the link as written)' })
  url?: string;

  @ApiPropertyOptional({ type: String, description: 'page, anchor and file: the space the target is in (the listed space)' })
  space?: string;
}

/** Which version of the content a location is in: the revision read (live), or the change request and its revision. */
export class ContentLinkVersionContextResponse {
  @ApiProperty({ type: String, enum: ['revision', 'changeRequest'] })
  type!: 'revision' | 'changeRequest';

  @ApiProperty({ type: String, description: 'The revision the location was read in' })
  revision!: string;

  @ApiPropertyOptional({ type: String, description: 'changeRequest: the change request id' })
  changeRequest?: string;
}

/**
 * Where a link is written (an item of `locationReferences`, and a backlink): a page, with the ids
 * of its organization, space and version (the seed's location reference). GitBook's
 * ContentLocationPage embeds whole Organization, Space, RevisionPage and Revision objects instead
 * (docs/content-design.md, "Links and backlinks, as built").
 */
export class ContentLinkLocationResponse {
  @ApiProperty({ type: String, enum: ['page'] })
  kind!: 'page';

  @ApiProperty({ type: String, description: 'The organization id' })
  organization!: string;

  @ApiProperty({ type: String, description: 'The space id' })
  space!: string;

  @ApiProperty({ type: () => ContentLinkVersionContextResponse })
  versionContext!: ContentLinkVersionContextResponse;

  @ApiProperty({ type: String, description: 'The page id' })
  page!: string;
}

/** One link of a listing: one target, with every page (in tree order) that writes it. */
export class ContentLinkResponse {
  @ApiProperty({
    type: String,
    enum: LINK_STATUSES,
    description:
      'ok: no problem found (URLs outside the application are not fetched); broken: the target is absent ' +
      'from the revision; in-app: a URL into the application',
  })
  status!: LinkStatus;

  @ApiProperty({ type: String, enum: LINK_RELATIONS, description: 'reference: a link; embed: an image' })
  relation!: LinkRelation;

  @ApiProperty({ type: () => ContentLinkTargetResponse })
  targetReference!: ContentLinkTargetResponse;

  @ApiProperty({ type: () => [ContentLinkLocationResponse], description: 'The pages that write the link, in tree order' })
  locationReferences!: ContentLinkLocationResponse[];
}

export class ContentLinksBrokenStatsResponse {
  @ApiProperty({ type: 'integer', description: 'Broken links in the listed content' })
  total!: number;

  @ApiProperty({
    type: 'integer',
    description:
      'Broken links change requests bring: in a change request, its broken links that are not broken in ' +
      'the live content; live, the same summed over the open and draft change requests (the 50 most ' +
      'recently updated of each)',
  })
  changeRequest!: number;
}

export class ContentLinksStatsResponse {
  @ApiProperty({ type: 'integer', description: 'Links in the listed content, whatever their status' })
  total!: number;

  @ApiProperty({ type: () => ContentLinksBrokenStatsResponse })
  broken!: ContentLinksBrokenStatsResponse;
}

export class ContentLinksNextPage {
  @ApiProperty({ type: String, description: 'Send it as `page` to get the next page' })
  page!: string;
}

/** A page of a link listing (GitBook's List envelope) and the listing's `stats`. */
export class ContentLinksResponse {
  @ApiProperty({ type: () => [ContentLinkResponse] })
  items!: ContentLinkResponse[];

  @ApiProperty({ type: 'integer', minimum: 0, description: 'How many links the filtered listing has, on every page' })
  count!: number;

  @ApiPropertyOptional({ type: () => ContentLinksNextPage, description: 'Absent on the last page' })
  next?: ContentLinksNextPage;

  @ApiProperty({ type: () => ContentLinksStatsResponse })
  stats!: ContentLinksStatsResponse;
}
