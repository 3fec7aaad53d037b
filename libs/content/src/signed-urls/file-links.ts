import { ExpiringClaims, isLinkId, LinkKind } from './signed-links';

/** What a file's signed URL names: the file of a revision (so its bytes never change) and when it stops working. */
export interface FileLinkClaims extends ExpiringClaims {
  spaceId: string;
  revisionId: string;
  fileId: string;
}

/** File ids are the server's, but a file keeps the id it was imported with: any short string. */
const isFileId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 256;

/** `v1.<payload>.<signature>`, the signature over `file-link.v1.<payload>` (signed-links.ts). */
export const FILE_LINK: LinkKind<FileLinkClaims> = {
  noun: 'file link',
  context: 'file-link.v1.',
  write: (claims) => ({ s: claims.spaceId, r: claims.revisionId, f: claims.fileId, e: claims.expiresAt }),
  read: ({ s, r, f, e }) =>
    isLinkId(s) && isLinkId(r) && isFileId(f) ? { spaceId: s, revisionId: r, fileId: f, expiresAt: e as number } : null,
};

/**
 * When a file URL signed at `nowMs` expires (Unix seconds): the end of the window after the current
 * one, windows being `ttlSeconds` long. Every URL of a file handed out within one window is the same,
 * so browsers and caches reuse it across answers, and each serves for between one and two windows.
 */
export function fileLinkExpiry(nowMs: number, ttlSeconds: number): number {
  return (Math.floor(nowMs / 1000 / ttlSeconds) + 2) * ttlSeconds;
}
