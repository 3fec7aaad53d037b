import { JsonText } from '@docs/platform';
import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { EXAMPLE_BLOCK, type JSONDocument } from '@docs/content/documents';
import { MAX_COMMENT_MARKDOWN } from '../comment.decider';

/**
 * A comment's body as the served document states it, in requests and answers alike: GitBook's
 * `Document` (less its empty variant), markdown or a JSON document (docs/collaboration-design.md).
 */

export const COMMENT_FORMATS = ['markdown', 'document'] as const;
export type CommentFormat = (typeof COMMENT_FORMATS)[number];

/**
 * Characters of markdown one answer converts to documents at most (format=document): the bodies of
 * a page of a list, 50 comments of the longest (10,000 characters) by default. It bounds the work.
 */
export const MAX_DOCUMENT_ANSWER_CHARS = 512 * 1024;

/**
 * Characters of JSON the documents of one answer are at most: a document is some 10 times the size
 * of its markdown (prose), up to 75 times (a table of one-letter cells), so this bounds what the
 * event loop parses and writes for an answer.
 */
export const MAX_DOCUMENT_ANSWER_JSON = 4 * 1024 * 1024;

/** GitBook's JSONDocument, as far as the served document spells it out: its nodes are GitBook's (its own schema). */
@ApiSchema({
  name: 'CommentJsonDocument',
  description:
    "GitBook's JSONDocument (the `JSONDocument` schema of GitBook's OpenAPI document) of the nodes markdown has: " +
    'paragraphs, headings, lists and task lists, quotes, code, hints, tabs, tables, images, files, embeds, content ' +
    'references and dividers; links to pages, files and URLs; bold, italic, strikethrough and code marks. A body ' +
    'given so is stored as markdown, and is refused (400, naming the node) when a node is not one of those, is not ' +
    "where GitBook's schema allows it, or when its markdown is longer than a comment may be; it must have text " +
    '(a document of no text is an empty comment)',
})
export class CommentJsonDocument {
  @ApiProperty({ type: String, enum: ['document'] })
  object!: 'document';

  @ApiProperty({ type: 'object', additionalProperties: true })
  data!: Record<string, unknown>;

  @ApiProperty({
    type: 'array',
    minItems: 1,
    items: { type: 'object', description: "A block (GitBook's DocumentBlocksTopLevels)", example: EXAMPLE_BLOCK },
  })
  nodes!: Record<string, unknown>[];

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Ignored' })
  meta?: Record<string, unknown>;
}

/** GitBook's MarkdownDocument. */
export class CommentMarkdownBody {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: MAX_COMMENT_MARKDOWN,
    description: `The body as markdown: 1 to ${MAX_COMMENT_MARKDOWN} characters, not only blanks`,
  })
  markdown!: string;
}

/** GitBook's Document as JSON. */
export class CommentDocumentBody {
  @ApiProperty({ type: () => CommentJsonDocument })
  /** In an answer, a document a work thread converted is its JSON text, written in place (answerWithJsonTexts). */
  document!: JSONDocument | JsonText;
}

export type CommentBody = CommentMarkdownBody | CommentDocumentBody;

/** The schema of a `body` (register both classes with ApiExtraModels where it is used). */
export const commentBodySchema = (description: string): ApiPropertyOptions => ({
  // An explicit type, else the property's class (a request class, for validation) joins the oneOf.
  type: Object,
  oneOf: [{ $ref: getSchemaPath(CommentMarkdownBody) }, { $ref: getSchemaPath(CommentDocumentBody) }],
  description,
});
