import { Type } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath, PickType } from '@nestjs/swagger';
import { ChangeRequestResponse } from '../change-requests/http/change-request.response';
import { RevisionFileResponse } from '../change-requests/http/content-update.response';

/** GitBook's ChangedRevisionPage: a page as a change names it (pages here are always documents). */
export class ChangedPageResponse {
  @ApiProperty({ type: String })
  id!: string;

  @ApiProperty({ type: String, enum: ['document'], description: 'Pages here are always documents' })
  type!: 'document';

  @ApiProperty({ type: String })
  title!: string;

  @ApiProperty({ type: String, description: "The page's path (its ancestors' slugs and its own) in the revision the change names it in" })
  path!: string;
}

/** GitBook's ChangedRevisionFile: a RevisionFile's name and where its bytes are. */
export class ChangedFileResponse extends PickType(RevisionFileResponse, ['id', 'name', 'contentType', 'downloadURL'] as const) {}

/** GitBook's ChangeAttributeString. */
export class ChangedStringResponse {
  @ApiProperty({ type: String })
  before!: string;

  @ApiProperty({ type: String })
  after!: string;
}

/** GitBook's RevisionPageDocumentChangeAttributes, the attributes that arise here (at least one). */
export class PageAttributesResponse {
  @ApiPropertyOptional({ type: ChangedStringResponse, description: 'Renamed' })
  title?: ChangedStringResponse;

  @ApiPropertyOptional({ type: ChangedStringResponse })
  description?: ChangedStringResponse;

  @ApiPropertyOptional({ type: ChangedStringResponse, description: 'A new slug: the page answers at another path' })
  slug?: ChangedStringResponse;

  @ApiPropertyOptional({ type: ChangedStringResponse })
  emoji?: ChangedStringResponse;

  @ApiPropertyOptional({
    type: ChangedStringResponse,
    description:
      'The body changed: the SHA-256 of the markdown before and after (the bodies are not read to list changes; ' +
      'the line diff, GET …/revisions/{revisionId}/pages/{pageId}/diff, shows them)',
  })
  document?: ChangedStringResponse;
}

/**
 * The start of a semantic change: its `type`, and the page or file it is about (`subject`), with
 * what the subject is; the rest of GitBook's RevisionSemanticChange* is the subclass's. Extend it,
 * so the schema is named after the subclass.
 */
function SemanticChangeOf<T extends string, K extends 'page' | 'file', V>(type: T, subject: K, as: Type<V>, description?: string) {
  class Change {}
  ApiProperty({ type: String, enum: [type] })(Change.prototype, 'type');
  ApiProperty({ type: as, ...(description !== undefined ? { description } : {}) })(Change.prototype, subject);
  return Change as Type<{ type: T } & Record<K, V>>;
}

const NEWER = 'The page in the newer revision';

/** GitBook's RevisionSemanticChangePageCreated. */
export class PageCreatedResponse extends SemanticChangeOf('page_created', 'page', ChangedPageResponse, NEWER) {}

/** GitBook's RevisionSemanticChangePageDeleted. */
export class PageDeletedResponse extends SemanticChangeOf('page_deleted', 'page', ChangedPageResponse, 'The page in the older revision') {}

/** GitBook's RevisionSemanticChangePageEdited: renamed (title, slug), re-described, or its body edited. */
export class PageEditedResponse extends SemanticChangeOf('page_edited', 'page', ChangedPageResponse, NEWER) {
  @ApiProperty({ type: PageAttributesResponse, minProperties: 1 })
  attributes!: PageAttributesResponse;
}

class MovedParentsResponse {
  @ApiPropertyOptional({ type: ChangedPageResponse, description: 'The parent before (absent: the top level)' })
  before?: ChangedPageResponse;

  @ApiPropertyOptional({ type: ChangedPageResponse, description: 'The parent after (absent: the top level)' })
  after?: ChangedPageResponse;
}

/** GitBook's RevisionSemanticChangePageMoved: under another parent, or to another place among its siblings. */
export class PageMovedResponse extends SemanticChangeOf('page_moved', 'page', ChangedPageResponse, NEWER) {
  @ApiProperty({ type: MovedParentsResponse })
  parent!: MovedParentsResponse;
}

/** GitBook's RevisionSemanticChangeFileCreated. */
export class FileCreatedResponse extends SemanticChangeOf('file_created', 'file', ChangedFileResponse) {}

/** GitBook's RevisionSemanticChangeFileDeleted. */
export class FileDeletedResponse extends SemanticChangeOf('file_deleted', 'file', ChangedFileResponse) {}

const CHANGE_KINDS = [
  PageCreatedResponse,
  PageEditedResponse,
  PageDeletedResponse,
  PageMovedResponse,
  FileCreatedResponse,
  FileDeletedResponse,
];

export type SemanticChangeResponse =
  | PageCreatedResponse
  | PageEditedResponse
  | PageDeletedResponse
  | PageMovedResponse
  | FileCreatedResponse
  | FileDeletedResponse;

/** GitBook's RevisionSemanticChanges (getChangeRequestChanges, getRevisionSemanticChanges). */
@ApiExtraModels(...CHANGE_KINDS)
export class RevisionSemanticChangesResponse {
  @ApiProperty({
    type: 'array',
    items: { oneOf: CHANGE_KINDS.map((kind) => ({ $ref: getSchemaPath(kind) })) },
    description: 'Pages by path (in the revision that names them), then files by name; at most `limit`',
  })
  changes!: SemanticChangeResponse[];

  @ApiPropertyOptional({ type: Number, description: 'How many changes `limit` left out (absent when none)' })
  more?: number;

  @ApiPropertyOptional({ type: ChangeRequestResponse, description: 'A merge revision: the change request it merged' })
  mergedFrom?: ChangeRequestResponse;
}
