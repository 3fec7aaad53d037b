import { ApiProperty } from '@nestjs/swagger';

export class SearchResultUrls {
  @ApiProperty({ type: String, format: 'uri', description: 'URL of the result in the application' })
  app!: string;
}

/** GitBook's SearchSectionResult: a section (a heading and the text under it) of a matching page. */
export class SearchSectionResultResponse {
  @ApiProperty({
    type: String,
    description: 'The section: the page id, then `#` and the heading anchor (none for the text before the first heading)',
  })
  id!: string;

  @ApiProperty({ type: String, description: 'The heading; the page title for the text before the first heading' })
  title!: string;

  @ApiProperty({ type: String, description: 'The page path, then `#` and the heading anchor' })
  path!: string;

  @ApiProperty({ type: Number, minimum: 0, description: 'Relevance, higher is better (unbounded)' })
  score!: number;

  @ApiProperty({ type: String, description: 'Plain text of the section around the first matching word (at most about 240 characters)' })
  body!: string;

  @ApiProperty({ type: SearchResultUrls })
  urls!: SearchResultUrls;
}

export class SearchPageAncestorResponse {
  @ApiProperty({ type: String })
  title!: string;
}

/** GitBook's SearchPageResult: a page of the live content with its matching sections, best first. */
export class SearchPageResultResponse {
  @ApiProperty({ type: String })
  id!: string;

  @ApiProperty({ type: String })
  title!: string;

  @ApiProperty({ type: String })
  description!: string;

  @ApiProperty({ type: String, description: 'Path of the page in the live content (renames and moves apply at once)' })
  path!: string;

  @ApiProperty({ type: Number, minimum: 0, description: "Relevance: the page's best section's" })
  score!: number;

  @ApiProperty({
    type: Number,
    minimum: 1,
    description: "One-based position in the ranking: among all results of a space's search; within its space in an organization's search",
  })
  rank!: number;

  @ApiProperty({ type: [SearchSectionResultResponse] })
  sections!: SearchSectionResultResponse[];

  @ApiProperty({ type: [SearchPageAncestorResponse], description: 'The ancestors of the page, from the top level to its parent' })
  ancestors!: SearchPageAncestorResponse[];

  @ApiProperty({ type: SearchResultUrls })
  urls!: SearchResultUrls;
}

/** GitBook's SearchSpaceResult: a space of the organization with its matching pages. */
export class SearchSpaceResultResponse {
  @ApiProperty({ type: String, enum: ['space'] })
  type!: 'space';

  @ApiProperty({ type: String })
  id!: string;

  @ApiProperty({ type: String })
  title!: string;

  @ApiProperty({ type: Number, minimum: 0, description: "Relevance: the space's best section's" })
  score!: number;

  @ApiProperty({ type: [SearchPageResultResponse] })
  pages!: SearchPageResultResponse[];
}
