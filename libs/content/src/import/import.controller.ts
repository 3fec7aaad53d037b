import { Body, Param } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ApiController, Endpoint, Operation, ErrorBodyResponse, UseCases } from '@docs/platform';
import { ImportWebsite } from './import-website';
import { SpaceScope } from '../spaces/space-scope';
import { ImportContentBody } from './import.dto';
import { ImportContentResponse } from './import.response';
import { InSpace } from '../spaces/http/space-scope.pipe';

const UNFETCHABLE = {
  status: 422,
  description:
    'The URL could not be imported, and nothing was: the outbound guard refused it (a loopback, private, link-local or metadata address, ' +
    'a scheme other than http(s)), it failed (DNS, connection, timeout, size cap, an error status, not ' +
    'HTML), or robots.txt disallows it; ' +
    'the message names the reason. Also: the Idempotency-Key was used for a different request',
  type: ErrorBodyResponse,
};

/** Website import (docs/content-design.md, "Import, as built"): editors and more; one new revision. */
@ApiController('v1/spaces/:spaceId', 'content')
export class ImportController {
  constructor(private readonly useCases: UseCases) {}

  @Endpoint('POST', 'content/import', { status: 201, answers: ImportContentResponse })
  @Operation(
    'importContent',
    'Import a website into the live content (the page and the same-origin pages it links to), as one new revision',
  )
  @ApiResponse(UNFETCHABLE)
  live(@InSpace() scope: SpaceScope, @Body() body: ImportContentBody) {
    return this.useCases.command(new ImportWebsite({ url: body.url }, scope));
  }

  @Endpoint('POST', 'change-requests/:changeRequestId/content/import', { status: 201, answers: ImportContentResponse })
  @Operation(
    'importContentInChangeRequest',
    'Import a website into a change request (the page and the same-origin pages it links to), as one new revision',
  )
  @ApiResponse(UNFETCHABLE)
  changeRequest(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string, @Body() body: ImportContentBody) {
    return this.useCases.command(new ImportWebsite({ url: body.url, changeRequest: changeRequestId }, scope));
  }
}
