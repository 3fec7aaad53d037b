import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, Clock } from '@docs/platform';
import { FILE_LINK, FileLinkClaims, fileLinkExpiry } from './file-links';
import { signLink, verifyLink } from './signed-links';
import { UrlSigningKey } from './url-signing-key';

/** Where a file's signed URL serves its bytes: `<publicUrl>/v1/files/<token>`. */
export const FILE_DOWNLOAD_PATH = 'v1/files';

/**
 * Signs and checks files' `downloadURL`s, which serve a file's bytes without a token (an `<img>`, a
 * PDF, a browser). A URL names the space, revision and file and lasts FILE_URL_TTL_SECONDS (at
 * least; see fileLinkExpiry), by the platform clock.
 */
@Injectable()
export class FileLinkSigner {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly key: UrlSigningKey,
  ) {}

  /** The URL serving the bytes of file `fileId` of the revision. */
  url(spaceId: string, revisionId: string, fileId: string): string {
    const expiresAt = fileLinkExpiry(this.clock.now().getTime(), this.config.fileUrlTtlSeconds);
    const token = signLink(FILE_LINK, { spaceId, revisionId, fileId, expiresAt }, this.key.bytes());
    return `${this.config.publicUrl}/${FILE_DOWNLOAD_PATH}/${token}`;
  }

  /** The claims of a token this server signed and that has not expired; 403 otherwise. */
  verify(token: string): FileLinkClaims {
    return verifyLink(FILE_LINK, token, this.key.bytes(), this.clock.now().getTime());
  }

  /** Seconds until `claims` expire: how long a cache may keep what they serve. */
  secondsLeft(claims: FileLinkClaims): number {
    return Math.max(0, claims.expiresAt - Math.floor(this.clock.now().getTime() / 1000));
  }
}
