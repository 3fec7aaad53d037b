import { Param, Query, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiController, Endpoint, Operation, UseCases } from '@docs/platform';
import { DownloadPdf } from './download-pdf';
import { GetPdfUrl } from './get-pdf-url';
import { PDF_DOWNLOAD_PATH } from './pdf-link-signer';
import { SpaceScope } from '../spaces/space-scope';
import { PdfQuery } from './pdf-query.dto';
import { PdfUrlResponse } from './pdf.response';
import { InSpace } from '../spaces/http/space-scope.pipe';
import { SignedDownloadRoute, SignedDownloads, uncachedDownload } from '../signed-urls/signed-downloads';

/** The signed PDF URLs of a space's content: anyone who can see the space. */
@ApiController('v1/spaces/:spaceId', 'content')
export class PdfLinksController {
  constructor(private readonly useCases: UseCases) {}

  @Endpoint('GET', 'change-requests/:changeRequestId/pdf', { answers: PdfUrlResponse })
  @Operation('getChangeRequestPDF', "Get a temporary URL to download a change request's content as PDF")
  async changeRequest(
    @InSpace() scope: SpaceScope,
    @Param('changeRequestId') changeRequestId: string,
    @Query() query: PdfQuery,
  ): Promise<PdfUrlResponse> {
    return this.useCases.query(
      new GetPdfUrl({ location: { at: 'change-request', changeRequest: changeRequestId }, pageId: query.page, only: query.only }, scope),
    );
  }

  @Endpoint('GET', 'pdf', { answers: PdfUrlResponse })
  @Operation('getSpacePDF', 'Get a temporary URL to download a space or page as PDF')
  async live(@InSpace() scope: SpaceScope, @Query() query: PdfQuery): Promise<PdfUrlResponse> {
    return this.useCases.query(new GetPdfUrl({ location: { at: 'live' }, pageId: query.page, only: query.only }, scope));
  }
}

/** Where a signed PDF URL points. */
@SignedDownloads(PDF_DOWNLOAD_PATH)
export class PdfDownloadsController {
  constructor(private readonly useCases: UseCases) {}

  @SignedDownloadRoute()
  @Operation('downloadPDF', 'The PDF a signed URL names (the url of getChangeRequestPDF and getSpacePDF)')
  async download(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const { filename, bytes } = await this.useCases.query(new DownloadPdf({ token }));
    return uncachedDownload(reply, bytes, { type: 'application/pdf', disposition: `inline; filename="${filename}"` });
  }
}
