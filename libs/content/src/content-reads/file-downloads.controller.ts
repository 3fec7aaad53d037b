import { Headers, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiController, Endpoint, Operation, UseCases } from '@docs/platform';
import { DownloadFile } from './download-file';
import { DownloadSignedFile } from './download-signed-file';
import { fileAnswer } from './file-answer';
import { FILE_DOWNLOAD_PATH } from '../signed-urls/file-link-signer';
import { SignedDownloadRoute, SignedDownloads } from '../signed-urls/signed-downloads';
import { SpaceScope } from '../spaces/space-scope';
import { InSpace } from '../spaces/http/space-scope.pipe';

/** A year: the longest max-age caches are told (RFC 9111 suggests no more). */
const A_YEAR = 365 * 24 * 60 * 60;

const IF_NONE_MATCH = ApiHeader({ name: 'If-None-Match', required: false, description: "The file's ETag: answered 304 when it matches" });
const NOT_MODIFIED = ApiResponse({
  status: 304,
  description: 'Not Modified: If-None-Match names the file (its ETag, the hash of its bytes)',
});

/** A file's bytes for an API client with a token (this server's extension; GitBook has no such operation). */
@ApiController('v1/spaces/:spaceId/revisions/:revisionId/files/:fileId/download', 'content')
export class FileDownloadsController {
  constructor(private readonly useCases: UseCases) {}

  @Endpoint('GET', '', { answers: 'bytes' })
  @Operation('downloadFileInRevision', "A file's bytes, with its content type, for a caller with a token (downloadURL needs none)")
  @IF_NONE_MATCH
  @NOT_MODIFIED
  async download(
    @InSpace() scope: SpaceScope,
    @Param('revisionId') revisionId: string,
    @Param('fileId') fileId: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    const answer = await this.useCases.query(new DownloadFile({ revisionId, fileId }, scope));
    // A revision's file never changes; answered to a token, it is no shared cache's to keep.
    return fileAnswer(reply, ifNoneMatch, answer, `private, max-age=${A_YEAR}, immutable`);
  }
}

/**
 * Where a RevisionFile's `downloadURL` points (this server's extension; GitBook documents no route):
 * no token, the signature is the credential (403 when malformed, tampered or expired, whether or
 * not the file exists).
 */
@SignedDownloads(FILE_DOWNLOAD_PATH)
export class SignedFileDownloadsController {
  constructor(private readonly useCases: UseCases) {}

  @SignedDownloadRoute()
  @Operation('downloadFile', "The bytes of the file a signed URL names (a RevisionFile's downloadURL), without a token")
  @IF_NONE_MATCH
  @NOT_MODIFIED
  async download(
    @Param('token') token: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    const answer = await this.useCases.query(new DownloadSignedFile({ token }));
    // The bytes behind a URL never change, but the URL stops serving when it expires: no cache,
    // shared or not, keeps them longer, nor serves them stale past that.
    const maxAge = Math.min(answer.secondsLeft, A_YEAR);
    return fileAnswer(reply, ifNoneMatch, answer, `public, max-age=${maxAge}, must-revalidate, immutable`);
  }
}
