import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, dataDirSecret, StartupKey } from '@docs/platform';

/** File in DATA_DIR holding the generated URL signing secret when PDF_URL_SECRET is not configured. */
export const URL_SECRET_FILE = 'pdf-url-secret';

/**
 * The key that signs the URLs served without a token (PDF exports, files' downloadURL): PDF_URL_SECRET,
 * or a random secret generated on first start and kept in DATA_DIR/pdf-url-secret (mode 0600), so
 * URLs survive a restart; replicas must share one or the other. Each kind of URL signs under its
 * own context (signed-links.ts), so one key serves them all.
 */
@Injectable()
export class UrlSigningKey extends StartupKey {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  protected secret(): string {
    return this.config.pdfUrlSecret ?? dataDirSecret(this.config.dataDir, URL_SECRET_FILE, kept);
  }
}

/** A kept secret, refused when it is too short to sign with (an emptied file). */
function kept(text: string): string {
  const secret = text.trim();
  if (secret.length < 32) throw new Error(`${URL_SECRET_FILE} in DATA_DIR holds no usable secret: delete it or set PDF_URL_SECRET`);
  return secret;
}
