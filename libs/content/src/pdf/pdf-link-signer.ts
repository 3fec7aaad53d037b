import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig, Clock, dataDirSecret } from '@docs/platform';
import { PdfLinkClaims, signPdfLink, verifyPdfLink } from './render/pdf-links';

/** File in DATA_DIR holding the generated PDF link secret when PDF_URL_SECRET is not configured. */
export const PDF_URL_SECRET_FILE = 'pdf-url-secret';

/** Where a signed link serves its PDF: `<publicUrl>/v1/pdf/<token>`. */
export const PDF_DOWNLOAD_PATH = 'v1/pdf';

/**
 * Signs and checks the PDF export links. The key is PDF_URL_SECRET, or a random secret generated on
 * first start and kept in DATA_DIR/pdf-url-secret (mode 0600), so links survive a restart; replicas
 * must share one or the other. Links last PDF_URL_TTL_SECONDS, by the platform clock.
 */
@Injectable()
export class PdfLinkSigner implements OnModuleInit {
  private key: Uint8Array | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.signingKey();
  }

  /** The URL serving the PDF of `claims` (less the expiry, set here), valid for the configured time. */
  url(claims: Omit<PdfLinkClaims, 'expiresAt'>): string {
    const expiresAt = Math.floor(this.clock.now().getTime() / 1000) + this.config.pdfUrlTtlSeconds;
    return `${this.config.publicUrl}/${PDF_DOWNLOAD_PATH}/${signPdfLink({ ...claims, expiresAt }, this.signingKey())}`;
  }

  /** The claims of a token this server signed and that has not expired; 403 otherwise. */
  verify(token: string): PdfLinkClaims {
    return verifyPdfLink(token, this.signingKey(), this.clock.now().getTime());
  }

  private signingKey(): Uint8Array {
    if (!this.key)
      this.key = new TextEncoder().encode(this.config.pdfUrlSecret ?? dataDirSecret(this.config.dataDir, PDF_URL_SECRET_FILE, kept));
    return this.key;
  }
}

/** A kept secret, refused when it is too short to sign with (an emptied file). */
function kept(text: string): string {
  const secret = text.trim();
  if (secret.length < 32) throw new Error(`${PDF_URL_SECRET_FILE} in DATA_DIR holds no usable secret: delete it or set PDF_URL_SECRET`);
  return secret;
}
