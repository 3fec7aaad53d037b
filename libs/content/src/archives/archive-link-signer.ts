import { Injectable } from '@nestjs/common';
import { isLinkId, LinkKind } from '../signed-urls/signed-links';
import { LinkSigner } from '../signed-urls/link-signer';

export interface ArchiveLinkClaims {
  exportId: string;
  expiresAt: number;
}

export const ARCHIVE_LINK: LinkKind<ArchiveLinkClaims> = {
  noun: 'archive link',
  context: 'archive-link.v1.',
  write: (claims) => ({ x: claims.exportId, e: claims.expiresAt }),
  read: ({ x, e }) => (isLinkId(x) ? { exportId: x, expiresAt: e as number } : null),
};

/** Where a signed link serves an export's archive: `<publicUrl>/v1/archives/<token>`. */
export const ARCHIVE_DOWNLOAD_PATH = 'v1/archives';

/** Signs and checks the archive download links; they last as long as the PDF links (PDF_URL_TTL_SECONDS). */
@Injectable()
export class ArchiveLinkSigner extends LinkSigner(ARCHIVE_LINK, ARCHIVE_DOWNLOAD_PATH) {
  url(exportId: string): string {
    return this.urlOf({ exportId, expiresAt: Math.floor(this.clock.now().getTime() / 1000) + this.config.pdfUrlTtlSeconds });
  }
}
