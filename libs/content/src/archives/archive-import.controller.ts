import { applyDecorators, Body, Param, UnsupportedMediaTypeException } from '@nestjs/common';
import { ApiExtension, ApiResponse } from '@nestjs/swagger';
import { ApiController, Endpoint, ErrorBodyResponse, invalid, Operation, RawBody, UseCases } from '@docs/platform';
import { SpaceScope } from '../spaces/space-scope';
import { InSpace } from '../spaces/http/space-scope.pipe';
import { ARCHIVE_LIMITS, mib } from './archive-limits';
import { ImportArchive } from './archive-importer';
import { ArchiveImportedResponse } from './archive.response';

const WHY = 'Uploading a zip archive directly: GitBook imports archives only through startImportRun with a file source';

/** An archive upload route: the raw zip, within the archive cap, marked as this server's extension. */
const ArchiveUpload = () =>
  applyDecorators(
    RawBody(
      'application/zip',
      `A zip archive in GitBook's git layout (SUMMARY.md, README.md, .gitbook.yaml, .gitbook/assets/), or of plain markdown files; ` +
        `at most ${mib(ARCHIVE_LIMITS.archiveBytes)}, ${ARCHIVE_LIMITS.entries} entries, ${mib(ARCHIVE_LIMITS.totalBytes)} inflated`,
    ),
    ApiExtension('x-docs-extension', { gitbook: false, why: WHY }),
    ApiResponse({ status: 415, description: 'The body is not application/zip', type: ErrorBodyResponse }),
    ApiResponse({
      status: 422,
      description:
        'Reading the archive took more time or memory than a work thread has; or the Idempotency-Key was used for a different ' +
        'request (method, route, path, query or body): send a new key for a new request',
      type: ErrorBodyResponse,
    }),
  );

/**
 * The uploaded body: the bytes the application/zip parser hands over. No body at all is a bad
 * request (400, like a JSON route's missing body); a body of another type is 415.
 */
function bytesOf(body: unknown): Uint8Array {
  if (body === undefined || body === null) throw invalid('body: send the zip archive as application/zip');
  if (!Buffer.isBuffer(body)) throw new UnsupportedMediaTypeException('body: send the zip archive as application/zip');
  return body;
}

/** Archive import (docs/content-design.md, "Archives and the git layout"): editors and more; one new revision. */
@ApiController('v1/spaces/:spaceId', 'content')
export class ArchiveImportController {
  constructor(private readonly useCases: UseCases) {}

  @Endpoint('POST', 'content/archive', { status: 201, answers: ArchiveImportedResponse, bodyLimit: ARCHIVE_LIMITS.archiveBytes })
  @Operation('importArchive', 'Import a zip archive into the live content as one new revision: send the zip archive as application/zip')
  @ArchiveUpload()
  live(@InSpace() scope: SpaceScope, @Body() body: unknown) {
    return this.useCases.command(new ImportArchive({ archive: bytesOf(body) }, scope));
  }

  @Endpoint('POST', 'change-requests/:changeRequestId/content/archive', {
    status: 201,
    answers: ArchiveImportedResponse,
    bodyLimit: ARCHIVE_LIMITS.archiveBytes,
  })
  @Operation(
    'importArchiveInChangeRequest',
    'Import a zip archive into a change request as one new revision: send the zip archive as application/zip',
  )
  @ArchiveUpload()
  changeRequest(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string, @Body() body: unknown) {
    return this.useCases.command(new ImportArchive({ archive: bytesOf(body), changeRequest: changeRequestId }, scope));
  }
}
