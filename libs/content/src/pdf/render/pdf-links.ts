import { isLinkId, LinkKind, MAX_LINK_TOKEN_LENGTH, signLink, verifyLink } from '../../signed-urls/signed-links';

/**
 * What a signed PDF link names: the revision (immutable, so the link serves the same document until
 * it expires), where it was asked for (a change request, or the live content when null), the part
 * of the content (a page and, with `only`, that page alone) and when it stops working.
 */
export interface PdfLinkClaims {
  spaceId: string;
  revisionId: string;
  changeRequestId: string | null;
  pageId: string | null;
  only: boolean;
  /** Unix time, in seconds. */
  expiresAt: number;
}

/** Longer tokens are never issued (ids are short); refusing them early bounds the work on junk. */
export const MAX_PDF_TOKEN_LENGTH = MAX_LINK_TOKEN_LENGTH;

/** `v1.<payload>.<signature>`, the signature over `pdf-link.v1.<payload>` (signed-links.ts). */
export const PDF_LINK: LinkKind<PdfLinkClaims> = {
  noun: 'PDF link',
  context: 'pdf-link.v1.',
  write: (claims) => ({
    s: claims.spaceId,
    r: claims.revisionId,
    c: claims.changeRequestId,
    p: claims.pageId,
    o: claims.only,
    e: claims.expiresAt,
  }),
  read: ({ s, r, c, p, o, e }) =>
    isLinkId(s) && isLinkId(r) && (c === null || isLinkId(c)) && (p === null || isLinkId(p)) && typeof o === 'boolean'
      ? { spaceId: s, revisionId: r, changeRequestId: c, pageId: p, only: o, expiresAt: e as number }
      : null,
};

/** A token carrying `claims`, signed with `key`. */
export const signPdfLink = (claims: PdfLinkClaims, key: Uint8Array): string => signLink(PDF_LINK, claims, key);

/**
 * The claims of `token` when it was signed with `key` and has not expired at `nowMs`; otherwise a
 * `forbidden` DomainError (403) saying which: malformed, tampered or expired.
 */
export const verifyPdfLink = (token: string, key: Uint8Array, nowMs: number): PdfLinkClaims => verifyLink(PDF_LINK, token, key, nowMs);
