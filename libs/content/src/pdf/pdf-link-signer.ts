import { Injectable } from '@nestjs/common';
import { PDF_LINK, PdfLinkClaims } from './render/pdf-links';
import { LinkSigner } from '../signed-urls/link-signer';

/** Where a signed link serves its PDF: `<publicUrl>/v1/pdf/<token>`. */
export const PDF_DOWNLOAD_PATH = 'v1/pdf';

/** Signs and checks the PDF export links. Links last PDF_URL_TTL_SECONDS, by the platform clock. */
@Injectable()
export class PdfLinkSigner extends LinkSigner(PDF_LINK, PDF_DOWNLOAD_PATH) {
  /** The URL serving the PDF of `claims` (less the expiry, set here), valid for the configured time. */
  url(claims: Omit<PdfLinkClaims, 'expiresAt'>): string {
    return this.urlOf({ ...claims, expiresAt: Math.floor(this.clock.now().getTime() / 1000) + this.config.pdfUrlTtlSeconds });
  }
}
