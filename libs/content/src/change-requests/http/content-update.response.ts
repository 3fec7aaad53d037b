import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { ApiObject } from '@docs/platform';
import { ChangeRequestResponse } from './change-request.response';

class FileDimensions {
  @ApiProperty({ type: Number })
  width!: number;

  @ApiProperty({ type: Number })
  height!: number;
}

/** GitBook's RevisionFile. */
export class RevisionFileResponse {
  @ApiProperty({ type: String })
  id!: string;

  @ApiProperty({ type: String })
  name!: string;

  @ApiProperty({ type: String })
  contentType!: string;

  @ApiProperty({ type: String, format: 'uri', description: 'Where the bytes are served (with the same bearer token as the API)' })
  downloadURL!: string;

  @ApiProperty({ type: Number, description: 'Size in bytes' })
  size!: number;

  @ApiPropertyOptional({ type: FileDimensions, description: 'Images only' })
  dimensions?: FileDimensions;
}

class PageRefUrls {
  @ApiProperty({ type: String, format: 'uri', description: 'API URL of the page in the change request' })
  location!: string;
}

class PageRef extends ApiObject('page') {
  @ApiProperty({ type: PageRefUrls })
  urls!: PageRefUrls;
}

/** One page a content batch touched (GitBook's ChangeRequestContentUpdateChange). */
@ApiExtraModels(PageRef)
export class PageChangeResponse {
  @ApiProperty({ type: String, enum: ['created_page', 'updated_page', 'deleted_page'] })
  object!: 'created_page' | 'updated_page' | 'deleted_page';

  @ApiPropertyOptional({ type: String, description: 'created_page: the ref the insert_page gave' })
  ref?: string;

  @ApiProperty({ oneOf: [{ $ref: getSchemaPath(PageRef) }, { type: 'string', description: 'deleted_page: the page id' }] })
  page!: PageRef | string;
}

/** GitBook's ChangeRequestContentUpdate: the answer of updateChangeRequestContent with compat=false. */
export class ChangeRequestContentUpdateResponse {
  @ApiProperty({ type: ChangeRequestResponse })
  changeRequest!: ChangeRequestResponse;

  @ApiProperty({ type: [PageChangeResponse], description: 'One entry per page touched, in first-touch order' })
  changes!: PageChangeResponse[];

  @ApiPropertyOptional({ type: [RevisionFileResponse], description: 'Files inserted by the batch, in order' })
  insertedFiles?: RevisionFileResponse[];
}

/** The answer of an action that writes a change request's content, named by `result` (conflicts answer 409 instead). */
function ChangeRequestResult<R extends string>(result: R, revision: string) {
  class ChangeRequestResultResponse {
    @ApiProperty({ type: String, description: revision })
    revision!: string;

    @ApiProperty({ type: String, enum: [result], description: 'Conflicts answer 409 naming the pages, never "conflicts"' })
    result!: R;
  }
  return ChangeRequestResultResponse;
}

/** The answer of mergeChangeRequest. */
export class MergeResultResponse extends ChangeRequestResult('merge', 'The new live revision') {}

/** The answer of updateChangeRequest (pull the live content in). */
export class UpdateResultResponse extends ChangeRequestResult('update', "The change request's revision") {}
