import { Type as Class } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsOptionalNotNull, NotServed, PageQuery, Stacked, IsOneOf } from '@docs/platform';
import { MAX_COMMENT_MARKDOWN } from '../comment.decider';
import { isEmoji, MAX_EMOJI_LENGTH } from '../emoji.domain';
import { COMMENT_FORMATS, CommentFormat, commentBodySchema, MAX_DOCUMENT_ANSWER_CHARS, MAX_DOCUMENT_ANSWER_JSON } from './comment-body.api';

/** At most this many emoji in `addedReactions` or `removedReactions`. */
export const MAX_REACTIONS_PER_UPDATE = 20;
/** At most this many user ids in the `authors` filter. */
export const MAX_AUTHORS = 100;

const Id = (field: string) =>
  Stacked(
    IsOptionalNotNull(),
    IsString(),
    Length(1, 64),
    Matches(/^[A-Za-z0-9_-]+$/, { message: `${field} must be an id (letters, digits, _ and -)` }),
  );

/** A rule of a body's `markdown` or `document` that looks at both. */
const BodyRule = (name: string, message: string, validate: (value: unknown, body: CommentBodyInput) => boolean) =>
  ValidateBy({
    name,
    validator: { validate: (value, args) => validate(value, args?.object as CommentBodyInput), defaultMessage: () => message },
  });

/**
 * GitBook's Document as comments take it: `{ markdown }` or `{ document }` (a JSON document, which
 * the controller checks and turns into markdown: comment-bodies.ts), exactly one of them. Its
 * schema in the served document is comment-body.api.ts's.
 */
export class CommentBodyInput {
  @BodyRule('hasMarkdownOrDocument', 'body must have markdown (a string) or document (a GitBook JSON document)', (v) => v !== undefined)
  @ValidateIf((body: CommentBodyInput, value) => value !== undefined || body.document === undefined)
  @IsString()
  @MaxLength(MAX_COMMENT_MARKDOWN)
  @Matches(/\S/, { message: 'markdown must not be empty' })
  markdown?: string;

  @ValidateIf((_body, value) => value !== undefined)
  @BodyRule('markdownOrDocument', 'body: send markdown or document, not both', (_v, body) => body.markdown === undefined)
  @IsObject({ message: 'body.document must be a GitBook JSON document: an object { object: "document", data, nodes }' })
  document?: Record<string, unknown>;
}

const CommentBody = (required: boolean) =>
  Stacked(
    ...(required ? [] : [IsOptionalNotNull()]),
    IsObject({ message: 'body must be an object { markdown } or { document }' }),
    ValidateNested(),
    Type(() => CommentBodyInput) as PropertyDecorator,
  );

const IsEmojiEach = () =>
  ValidateBy(
    {
      name: 'isEmoji',
      validator: { validate: (value) => isEmoji(value), defaultMessage: (args) => `each value in ${args?.property} must be an emoji` },
    },
    { each: true },
  );

const Reactions = (what: string) =>
  Stacked(
    ApiPropertyOptional({
      type: 'array',
      items: { type: 'string', format: 'emoji', maxLength: MAX_EMOJI_LENGTH, example: '👍' },
      maxItems: MAX_REACTIONS_PER_UPDATE,
      description: `${what} (each one emoji: an RGI emoji sequence); an emoji addedReactions and removedReactions both name is refused`,
    }),
    IsOptionalNotNull(),
    IsArray(),
    ArrayMaxSize(MAX_REACTIONS_PER_UPDATE),
    IsString({ each: true }),
    MaxLength(MAX_EMOJI_LENGTH, { each: true }),
    IsEmojiEach(),
  );

/** POST .../comments (GitBook's PostCommentSchema; `tableCell` is refused: there are no tables of records here). */
export class PostCommentBody {
  @ApiPropertyOptional({ maxLength: 64, description: 'The node (block) of the page the comment is about' })
  @Id('node')
  node?: string;

  @ApiPropertyOptional({ maxLength: 64, description: 'The page the comment is about: it must be in the revision the comment is posted on' })
  @Id('page')
  page?: string;

  @ApiProperty(commentBodySchema('The comment: markdown, or a GitBook JSON document (stored as markdown)'))
  @CommentBody(true)
  body!: CommentBodyInput;

  @NotServed('tableCell', 'there are no tables of records to comment on here')
  tableCell?: unknown;
}

/** What updating a comment and a reply both take, after `Base`'s fields: a new body, reactions to add and to take back. */
function Edits<B extends Class>(Base: B) {
  class WithEdits extends Base {
    @ApiPropertyOptional(commentBodySchema("The new body, markdown or a GitBook JSON document: the author's only"))
    @CommentBody(false)
    body?: CommentBodyInput;

    @Reactions('Reactions to add (one the caller gave already changes nothing)')
    addedReactions?: string[];

    @Reactions('Reactions to take back (one the caller never gave changes nothing)')
    removedReactions?: string[];
  }
  return WithEdits;
}

class Resolution {
  @ApiPropertyOptional({ description: 'true resolves the comment, false opens it again' })
  @IsOptionalNotNull()
  @IsBoolean()
  resolved?: boolean;
}

/** PUT .../comments/{commentId} (GitBook's UpdateCommentSchema). */
export class UpdateCommentBody extends Edits(Resolution) {}

/** POST .../comments/{commentId}/replies (GitBook's PostCommentReplySchema). */
export class PostCommentReplyBody {
  @ApiProperty(commentBodySchema('The reply: markdown, or a GitBook JSON document (stored as markdown)'))
  @CommentBody(true)
  body!: CommentBodyInput;
}

/** GitBook documents `resolved` on change request replies; a reply is not resolved, its comment is. */
class NoResolution {
  @NotServed('resolved', 'replies are not resolved; resolve their comment (PUT .../comments/{commentId})')
  resolved?: unknown;
}

/** PUT .../replies/{commentReplyId} (GitBook's UpdateCommentReplySchema). */
export class UpdateCommentReplyBody extends Edits(NoResolution) {}

/** GitBook's `format` of the bodies answered: markdown (and absent) `{ markdown }`, document `{ document }`. */
const Format = () =>
  Stacked(
    ApiPropertyOptional({
      enum: COMMENT_FORMATS,
      description:
        "markdown (and absent): bodies are `{ markdown }`; document: `{ document }`, GitBook's JSON document converted from " +
        `the markdown (422 when the bodies of one answer hold more than ${MAX_DOCUMENT_ANSWER_CHARS} characters of markdown, ` +
        `or more than ${MAX_DOCUMENT_ANSWER_JSON} as JSON documents: ask for fewer with limit)`,
    }),
    IsOptional(),
    IsOneOf('format', COMMENT_FORMATS),
  );

export class CommentFormatQuery {
  @Format()
  format?: CommentFormat;
}

export const COMMENT_ORDERS = ['asc', 'desc'] as const;
export const COMMENT_STATUS_FILTERS = ['all', 'open', 'resolved'] as const;

/** A query value given once is a string; given repeatedly (`authors=a&authors=b`), an array. */
const toList = ({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value);

/** GET .../comments */
export class ListCommentsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: COMMENT_ORDERS, default: 'desc', description: 'By posting time: desc (newest first) or asc' })
  @IsOptional()
  @IsOneOf('order', COMMENT_ORDERS)
  order?: (typeof COMMENT_ORDERS)[number];

  @ApiPropertyOptional({ enum: COMMENT_STATUS_FILTERS, default: 'all', description: 'Only comments in this status; all: every comment' })
  @IsOptional()
  @IsOneOf('status', COMMENT_STATUS_FILTERS)
  status?: (typeof COMMENT_STATUS_FILTERS)[number];

  @Format()
  format?: CommentFormat;

  @ApiPropertyOptional({ maxLength: 64, description: 'Only comments about this page (a page id)' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  targetPage?: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_AUTHORS,
    description: 'Only comments posted by these users (user ids; repeat the parameter: authors=a&authors=b)',
  })
  @IsOptional()
  @Transform(toList)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_AUTHORS)
  @IsString({ each: true })
  @Length(1, 64, { each: true })
  authors?: string[];
}

/** GET .../comments/{commentId}/replies */
export class ListCommentRepliesQuery extends PageQuery {
  @Format()
  format?: CommentFormat;
}
