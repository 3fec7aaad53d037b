import { Param, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiController, Endpoint, Operation, UseCases } from '@docs/platform';
import { DownloadFile } from './download-file';
import { SpaceScope } from '../spaces/space-scope';
import { InSpace } from '../spaces/http/space-scope.pipe';

/** Types a browser may show in place: images that cannot run script. Anything else is an attachment. */
const SHOWN_INLINE: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);

/** A file's bytes: where a RevisionFile's `downloadURL` points. */
@ApiController('v1/spaces/:spaceId/revisions/:revisionId/files/:fileId/download', 'content')
export class FileDownloadsController {
  constructor(private readonly useCases: UseCases) {}

  @Endpoint('GET', '', { answers: 'bytes' })
  @Operation('downloadFileInRevision', "A file's bytes, with its content type (downloadURL)")
  async download(
    @InSpace() scope: SpaceScope,
    @Param('revisionId') revisionId: string,
    @Param('fileId') fileId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { file, bytes } = await this.useCases.query(new DownloadFile({ revisionId, fileId }, scope));
    const type = file.contentType.split(';')[0]!.trim().toLowerCase();
    // Uploaded bytes are never run as a page of the API's origin: no sniffing, sandboxed, and only images inline.
    void reply.header('X-Content-Type-Options', 'nosniff').header('Content-Security-Policy', "default-src 'none'; sandbox");
    return new StreamableFile(bytes, {
      type: file.contentType,
      length: bytes.length,
      disposition: `${SHOWN_INLINE.has(type) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    });
  }
}
