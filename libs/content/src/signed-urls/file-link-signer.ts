import { Injectable } from '@nestjs/common';
import { FILE_LINK, FileLinkClaims, fileLinkExpiry } from './file-links';
import { LinkSigner } from './link-signer';

/** Where a file's signed URL serves its bytes: `<publicUrl>/v1/files/<token>`. */
export const FILE_DOWNLOAD_PATH = 'v1/files';

/**
 * Signs and checks files' `downloadURL`s, which serve a file's bytes without a token (an `<img>`, a
 * PDF, a browser). A URL names the space, revision and file and lasts FILE_URL_TTL_SECONDS (at
 * least; see fileLinkExpiry), by the platform clock.
 */
@Injectable()
export class FileLinkSigner extends LinkSigner(FILE_LINK, FILE_DOWNLOAD_PATH) {
  /** The URL serving the bytes of file `fileId` of the revision. */
  url(spaceId: string, revisionId: string, fileId: string): string {
    return this.urlOf({ spaceId, revisionId, fileId, expiresAt: this.expiresAt() });
  }

  /** When the URLs signed now expire: the same all through a window, so it names which URLs an answer holds. */
  expiresAt(): number {
    return fileLinkExpiry(this.clock.now().getTime(), this.config.fileUrlTtlSeconds);
  }

  /** Seconds until `claims` expire: how long a cache may keep what they serve. */
  secondsLeft(claims: FileLinkClaims): number {
    return Math.max(0, claims.expiresAt - Math.floor(this.clock.now().getTime() / 1000));
  }
}
