import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, Clock } from '@docs/platform';
import { ExpiringClaims, LinkKind, signLink, verifyLink } from './signed-links';
import { UrlSigningKey } from './url-signing-key';

/**
 * The base of the signer of one kind of link served without a token, at `<publicUrl>/<path>/<token>`:
 * it signs with the URL signing key (PDF_URL_SECRET, or the secret kept in DATA_DIR: see
 * UrlSigningKey) and checks a link's signature and expiry by the platform clock.
 */
export function LinkSigner<C extends ExpiringClaims>(kind: LinkKind<C>, path: string) {
  @Injectable()
  class Signer {
    constructor(
      @Inject(APP_CONFIG) protected readonly config: AppConfig,
      protected readonly clock: Clock,
      private readonly key: UrlSigningKey,
    ) {}

    /** The URL serving what `claims` name. */
    protected urlOf(claims: C): string {
      return `${this.config.publicUrl}/${path}/${signLink(kind, claims, this.key.bytes())}`;
    }

    /** The claims of a token this server signed and that has not expired; 403 otherwise. */
    verify(token: string): C {
      return verifyLink(kind, token, this.key.bytes(), this.clock.now().getTime());
    }
  }
  return Signer;
}
