import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeRequestsModule } from '../change-requests/change-requests.module';
import { DownloadPdfHandler } from './download-pdf';
import { GetPdfUrlHandler } from './get-pdf-url';
import { PdfLinkSigner } from './pdf-link-signer';
import { ContentAt } from '../revisions/read-content';
import { PdfDownloadsController, PdfLinksController } from './pdf.controller';
import { RevisionsModule } from '../revisions/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { SignedUrlsModule } from '../signed-urls/signed-urls.module';

/**
 * PDF export (docs/content-design.md, "PDF export, as built"): signed, expiring URLs of a change
 * request's or the live content's PDF (getChangeRequestPDF, getSpacePDF), and the public route that
 * serves them, drawn with pdfkit from the pages' markdown.
 */
@Module({
  imports: [OrganizationsModule, SpacesModule, RevisionsModule, ChangeRequestsModule, SignedUrlsModule],
  controllers: [PdfLinksController, PdfDownloadsController],
  providers: [ContentAt, PdfLinkSigner, GetPdfUrlHandler, DownloadPdfHandler],
})
export class PdfModule {}
