import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, Clock } from '@docs/platform';
import { PdfLinkClaims, signPdfLink, verifyPdfLink } from './render/pdf-links';
import { UrlSigningKey } from '../signed-urls/url-signing-key';

/** Where a signed link serves its PDF: `<publicUrl>/v1/pdf/<token>`. */
export const PDF_DOWNLOAD_PATH = 'v1/pdf';

/**
 * Signs and checks the PDF export links, with the URL signing key (PDF_URL_SECRET, or the secret kept
 * in DATA_DIR/pdf-url-secret: see UrlSigningKey). Links last PDF_URL_TTL_SECONDS, by the platform clock.
 */
@Injectable()
export class PdfLinkSigner {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly key: UrlSigningKey,
  ) {}

  /** The URL serving the PDF of `claims` (less the expiry, set here), valid for the configured time. */
  url(claims: Omit<PdfLinkClaims, 'expiresAt'>): string {
    const expiresAt = Math.floor(this.clock.now().getTime() / 1000) + this.config.pdfUrlTtlSeconds;
    return `${this.config.publicUrl}/${PDF_DOWNLOAD_PATH}/${signPdfLink({ ...claims, expiresAt }, this.key.bytes())}`;
  }

  /** The claims of a token this server signed and that has not expired; 403 otherwise. */
  verify(token: string): PdfLinkClaims {
    return verifyPdfLink(token, this.key.bytes(), this.clock.now().getTime());
  }
}
