import { GitSyncCommitResponse } from '../git-sync/git-sync.response';
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ApiObject, DateTime } from '@docs/platform';
import { EXAMPLE_BLOCK } from '../documents/document-nodes.domain';
import { ChangeRequestResponse } from '../change-requests/http/change-request.response';
import { RevisionFileResponse } from '../change-requests/http/content-update.response';

export { RevisionFileResponse };

export const REVISION_TYPES = ['edits', 'merge', 'update'] as const;

/** GitBook's RevisionPageLayoutOptions: every field, at its default here (decision 5). */
export class RevisionPageLayoutResponse {
  @ApiProperty({ type: String, enum: ['default', 'wide'], description: 'Width of the page' })
  width!: 'default' | 'wide';

  @ApiProperty({ type: Boolean, description: 'Should the cover be visible?' })
  cover!: boolean;

  @ApiProperty({ type: String, enum: ['hero', 'full', 'background'], description: 'Size of the cover image' })
  coverSize!: 'hero' | 'full' | 'background';

  @ApiProperty({ type: String, enum: ['none', 'radial'], description: 'Mask applied to the cover image' })
  coverMask!: 'none' | 'radial';

  @ApiProperty({ type: Boolean, description: 'Should the title be visible?' })
  title!: boolean;

  @ApiProperty({ type: Boolean, description: 'Should the description be visible?' })
  description!: boolean;

  @ApiProperty({ type: Boolean, description: 'Should the table of contents be visible?' })
  tableOfContents!: boolean;

  @ApiProperty({ type: Boolean, description: 'Should the outline be visible?' })
  outline!: boolean;

  @ApiProperty({ type: Boolean, description: 'Should the pagination be visible?' })
  pagination!: boolean;

  @ApiProperty({ type: Boolean, description: 'Should the page metadata be visible?' })
  metadata!: boolean;

  @ApiProperty({ type: Boolean, description: 'Should the tags be visible on the page?' })
  tags!: boolean;

  @ApiProperty({ type: Boolean, description: 'Should the page actions be visible on the page?' })
  actions!: boolean;

  @ApiProperty({ type: Boolean, description: 'Should the anchor links on headings be visible?' })
  anchors!: boolean;
}

export class RevisionPageUrls {
  @ApiProperty({ type: String, format: 'uri', maxLength: 2048, description: 'Location of the page in the application' })
  app!: string;
}

/** GitBook's JSONDocument, as a page's body with `format=document` (its nodes as GitBook's schema has them). */
export class JsonDocumentResponse {
  @ApiProperty({ type: String, enum: ['document'] })
  object!: 'document';

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Data of the document' })
  data!: Record<string, unknown>;

  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true, example: EXAMPLE_BLOCK },
    minItems: 1,
    description: "The top-level blocks, in GitBook's document schema (DocumentBlocksTopLevels)",
  })
  nodes!: Record<string, unknown>[];
}

/**
 * GitBook's RevisionPageDocument (the only kind of page made here: groups, links and computed pages
 * never arise), with GitBook's `Document` one-of: every page carries exactly one of `markdown` (the
 * default) or `document` (`format=document`), in trees too (docs/content-design.md, decisions 1 and 2).
 */
@ApiSchema({
  description:
    "GitBook's RevisionPageDocument: every page, in trees too, carries exactly one of `markdown` (no format, " +
    "`format=markdown`) or `document` (`format=document`, GitBook's JSONDocument) (docs/content-design.md, " +
    'decisions 1 and 2). Groups, links and computed pages never arise.',
})
export class RevisionPageResponse {
  @ApiProperty({ type: String, description: 'Unique identifier for the page in the revision' })
  id!: string;

  @ApiProperty({ type: String, minLength: 1, description: 'Title of the page' })
  title!: string;

  @ApiPropertyOptional({ type: String, maxLength: 50, description: 'Emoji of the page; absent when none is set' })
  emoji?: string;

  @ApiProperty({ type: String, enum: ['sheet'], deprecated: true })
  kind!: 'sheet';

  @ApiProperty({ type: String, enum: ['document'] })
  type!: 'document';

  @ApiProperty({ type: String, description: 'Description of the page; "" when none' })
  description!: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: "true: left out of published sites' navigation, still open by its URL; absent: false",
  })
  hidden?: boolean;

  @ApiProperty({ type: String, minLength: 0, maxLength: 100, description: "Page's slug in its direct parent" })
  slug!: string;

  @ApiProperty({ type: String, description: 'Complete path to access the page in the revision (the slugs from the top level)' })
  path!: string;

  @ApiProperty({ type: () => RevisionPageUrls })
  urls!: RevisionPageUrls;

  @ApiProperty({ type: () => [RevisionPageResponse], description: 'The child pages, in order, each with its body' })
  pages!: RevisionPageResponse[];

  @ApiProperty({ type: () => RevisionPageLayoutResponse })
  layout!: RevisionPageLayoutResponse;

  @ApiProperty({ type: 'array', items: { type: 'object' }, maxItems: 0, description: 'Tags of the page: none here' })
  tags!: never[];

  @ApiPropertyOptional({
    type: String,
    description:
      'The page body as markdown (unless `format=document`): as stored, or with `format.markdown.refs=stable` ' +
      'written from its document with every page and file reference by id (`/pages/<pageId>`, `/files/<fileId>`)',
  })
  markdown?: string;

  @ApiPropertyOptional({
    type: () => JsonDocumentResponse,
    description: "The page body as GitBook's JSON document (`format=document`), converted from its markdown",
  })
  document?: unknown;
}

/** The answer of listPages, listPagesInChangeRequest and listPagesInRevisionById. */
export class RevisionPagesResponse {
  @ApiProperty({
    type: () => [RevisionPageResponse],
    description: 'The top-level pages, in order, their children nested, each with its body',
  })
  pages!: RevisionPageResponse[];
}

export class RevisionUrls {
  @ApiProperty({ type: String, format: 'uri', description: 'URL in the application for the revision' })
  app!: string;
}

/** GitBook's Revision (edits, merge or update; ContentPresenter.revision). */
export class RevisionResponse extends ApiObject('revision', { description: 'Unique identifier for the revision' }) {
  @ApiProperty({ type: [String], description: 'IDs of the parent revisions' })
  parents!: string[];

  @ApiProperty({
    type: () => [RevisionPageResponse],
    description: 'The top-level pages, in order, their children nested, each with its body (decision 1)',
  })
  pages!: RevisionPageResponse[];

  @ApiProperty({ type: () => [RevisionFileResponse] })
  files!: RevisionFileResponse[];

  @ApiProperty({ type: 'array', items: { type: 'object' }, maxItems: 0, description: 'Reusable contents: none here' })
  reusableContents!: never[];

  @ApiProperty({ type: 'array', items: { type: 'object' }, maxItems: 0, description: 'Tags available in the revision: none here' })
  tags!: never[];

  @DateTime('When the revision was created')
  createdAt!: string;

  @ApiProperty({ type: () => RevisionUrls })
  urls!: RevisionUrls;

  @ApiProperty({
    type: String,
    enum: REVISION_TYPES,
    description:
      'edits: content edits (and the first content of a space); merge: a change request merged into the ' +
      'live content; update: a change request updated from the live content',
  })
  type!: (typeof REVISION_TYPES)[number];

  @ApiPropertyOptional({ type: () => ChangeRequestResponse, description: 'The change request merged; present exactly when type is merge' })
  mergedFrom?: ChangeRequestResponse;

  @ApiPropertyOptional({ type: () => GitSyncCommitResponse, description: 'The git commit the revision was exported to or imported from' })
  git?: GitSyncCommitResponse;
}
