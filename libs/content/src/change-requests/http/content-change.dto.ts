import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Exclude, Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsOptionalNotNull, OptionalObject, SchemaKeywords, Stacked, toBoolean, IsOneOf } from '@docs/platform';
import { JsonDocumentResponse } from '../../content-reads/revision.response';

export const CONTENT_OPERATIONS = ['insert_page', 'update_page', 'delete_page', 'revert_page', 'insert_files'] as const;
export type ContentOperation = (typeof CONTENT_OPERATIONS)[number];

/** At most 50 changes per call (GitBook), 20 files per insert_files, 1 MiB of bytes per base64 file (GitBook's 1 MB). */
export const MAX_CHANGES = 50;
export const MAX_FILES = 20;
export const MAX_BASE64_BYTES = 1024 * 1024;
/** A base64 string of MAX_BASE64_BYTES bytes (4 characters per 3 bytes, padded). */
const MAX_BASE64_LENGTH = Math.ceil(MAX_BASE64_BYTES / 3) * 4;

const Id = () => Stacked(IsOptionalNotNull(), IsString(), Length(1, 64));

/** GitBook's Document: `{ markdown }`, `{ document }` (GitBook's JSON document, stored as markdown; decision 16) or `{}`. */
export class PageDocumentBody {
  @ApiPropertyOptional({ description: 'The page body as markdown (not with `document`)' })
  @IsOptionalNotNull()
  @IsString()
  markdown?: string;

  @ApiPropertyOptional({
    type: () => JsonDocumentResponse,
    description:
      "The page body as GitBook's JSON document (not with `markdown`), validated against GitBook's schema for the " +
      'blocks, inlines and marks markdown has (docs/content-design.md, "Page bodies and documents"), stored as ' +
      'the markdown written from it; an invalid document is 400 naming the path of the bad node',
  })
  // Not copied by class-transformer (a document of 200,000 nodes took it seconds, on the event loop):
  // content-changes.ts reads it from the body as sent and checks that it is an object.
  @Exclude({ toClassOnly: true })
  @IsOptionalNotNull()
  document?: unknown;
}
// content-changes.ts refuses a body with both: at most one of the two.
SchemaKeywords({ keywords: { maxProperties: 1 } })(PageDocumentBody);

/** One file of `insert_files`: bytes inline as base64 (with their content type); `url` sources wait for the outbound fetch guard. */
export class InsertFileBody {
  @ApiProperty({ minLength: 1, maxLength: 256, description: 'File name, with its extension' })
  @IsString()
  @Length(1, 256)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL in a file name is refused on purpose.
  @Matches(/^[^/\\\u0000]+$/, { message: 'name must not contain slashes' })
  name!: string;

  @ApiPropertyOptional({ description: 'A reference local to this request, echoed nowhere (pages cannot link to refs yet)' })
  @Id()
  ref?: string;

  @ApiPropertyOptional({ maxLength: 255, description: 'MIME type; required with base64' })
  @IsOptionalNotNull()
  @IsString()
  @Matches(/^[\w.+-]+\/[\w.+-]+(?:\s*;\s*[\w.+-]+=[\w.+"-]+)*$/, { message: 'contentType must be a MIME type such as image/png' })
  @MaxLength(255)
  contentType?: string;

  @ApiPropertyOptional({ maxLength: MAX_BASE64_LENGTH, description: 'The bytes, base64-encoded (at most 1 MiB of bytes)' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(MAX_BASE64_LENGTH, { message: `base64 must encode at most ${MAX_BASE64_BYTES} bytes` })
  @Matches(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'base64 must be base64 text' })
  base64?: string;

  @ApiPropertyOptional({ maxLength: 2048, description: 'Not accepted yet: files come as base64 until outbound fetches are guarded' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(2048)
  url?: string;
}

/** A GitBook field this server does not store: only its default (`accepted`) is taken, anything else is 400 saying why. */
const NotStored = (name: string, accepted: string | boolean, why: string) =>
  Stacked(
    ApiPropertyOptional({ description: `Not supported (${why}); only ${JSON.stringify(accepted)} is accepted` }),
    IsOptional(),
    IsIn([accepted], { message: `${name} is not supported (${why}); only ${JSON.stringify(accepted)} is accepted` }),
  );

/**
 * One change of GitBook's `updateChangeRequestContent`: a flat shape holding every operation's
 * fields, so the 400 of a field names it as `changes[i].field`; which fields each operation takes
 * (and requires) is checked when the change becomes a page edit (`toPageEdits`).
 */
export class ContentChangeBody {
  @ApiProperty({ enum: CONTENT_OPERATIONS })
  @IsOneOf('operation', CONTENT_OPERATIONS)
  operation!: ContentOperation;

  @ApiPropertyOptional({ description: 'The page (update_page, delete_page, revert_page)' })
  @Id()
  page?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'The new parent page; null: the top level (update_page); omitted: unchanged (update) or the top level (insert)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  into?: string | null;

  @ApiPropertyOptional({ minimum: 0, description: 'Index among the siblings; omitted: last (insert, move) or unchanged' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  at?: number;

  @ApiPropertyOptional({ description: 'insert_page: a reference local to the request, echoed in created_page.ref' })
  @Id()
  ref?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @IsOptionalNotNull()
  @IsString()
  @Length(1, 200)
  title?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 100, description: 'Unique among the siblings; derived from the title when omitted' })
  @IsOptionalNotNull()
  @IsString()
  @Length(1, 100)
  @Matches(/^[^/?#\s]+$/, { message: 'slug must not contain slashes, spaces, ? or #' })
  slug?: string;

  @ApiPropertyOptional({ maxLength: 50, description: '"" removes it' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(50)
  emoji?: string;

  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(1000)
  description?: string;

  @OptionalObject(PageDocumentBody)
  document?: PageDocumentBody;

  @ApiPropertyOptional({ description: 'revert_page: only the change request base is supported (omit it)' })
  @Id()
  revision?: string;

  @ApiPropertyOptional({ type: [InsertFileBody], minItems: 1, maxItems: MAX_FILES })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_FILES)
  @ValidateNested({ each: true })
  @Type(() => InsertFileBody)
  files?: InsertFileBody[];

  // GitBook fields this server does not store: accepted at their default, so the 400 says why otherwise.
  @NotStored('icon', '', 'icons are not stored')
  icon?: unknown;

  @ApiPropertyOptional({ description: "true: left out of the published site's navigation and lists, still open by its URL" })
  @IsOptionalNotNull()
  @IsBoolean()
  hidden?: boolean;

  @NotStored('noIndex', false, 'pages are always indexed')
  noIndex?: unknown;

  @NotStored('noRobotsIndex', false, 'pages are always indexed')
  noRobotsIndex?: unknown;

  @NotStored('condition', '', 'adaptive conditions are not stored')
  condition?: unknown;

  @ApiPropertyOptional({ description: 'Not supported: blocks do not exist in markdown storage (whole-page reverts only)' })
  @IsOptional()
  @IsIn([], { message: 'block is not supported: only whole pages are reverted' })
  block?: unknown;
}

/** POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content */
export class UpdateContentBody {
  @ApiProperty({ type: [ContentChangeBody], minItems: 1, maxItems: MAX_CHANGES })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_CHANGES)
  @ValidateNested({ each: true })
  @Type(() => ContentChangeBody)
  changes!: ContentChangeBody[];
}

export class UpdateContentQuery {
  @ApiPropertyOptional({
    type: Boolean,
    default: true,
    description: 'true: answer the change request; false: the change request, the pages affected and the files inserted',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'compat must be true or false' })
  compat?: boolean;
}
