import { createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden } from '@docs/platform';

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

/** Tokens are `v1.<payload>.<signature>`, both base64url; the signature is HMAC-SHA256 over `pdf-link.v1.<payload>`. */
const VERSION = 'v1';
const CONTEXT = 'pdf-link.v1.';
const B64URL = /^[A-Za-z0-9_-]+$/;
/** 32 bytes of HMAC-SHA256, base64url without padding. */
const SIGNATURE_LENGTH = 43;
/** Longer tokens are never issued (ids are short); refusing them early bounds the work on junk. */
export const MAX_PDF_TOKEN_LENGTH = 1024;
const ID = /^[A-Za-z0-9_-]{1,128}$/;

const MALFORMED = 'PDF link is malformed';
const TAMPERED = 'PDF link signature does not match';
const EXPIRED = 'PDF link has expired; ask for a new one';

function signature(payload: string, key: Uint8Array): string {
  return createHmac('sha256', key).update(CONTEXT).update(payload).digest('base64url');
}

/** A token carrying `claims`, signed with `key`. */
export function signPdfLink(claims: PdfLinkClaims, key: Uint8Array): string {
  const payload = Buffer.from(
    JSON.stringify({
      s: claims.spaceId,
      r: claims.revisionId,
      c: claims.changeRequestId,
      p: claims.pageId,
      o: claims.only,
      e: claims.expiresAt,
    }),
  ).toString('base64url');
  return `${VERSION}.${payload}.${signature(payload, key)}`;
}

const isId = (value: unknown): value is string => typeof value === 'string' && ID.test(value);

function claimsOf(payload: string): PdfLinkClaims {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw forbidden(MALFORMED);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw forbidden(MALFORMED);
  const { s, r, c, p, o, e } = value as Record<string, unknown>;
  if (!isId(s) || !isId(r) || !(c === null || isId(c)) || !(p === null || isId(p)) || typeof o !== 'boolean' || !Number.isSafeInteger(e)) {
    throw forbidden(MALFORMED);
  }
  return { spaceId: s, revisionId: r, changeRequestId: c as string | null, pageId: p as string | null, only: o, expiresAt: e as number };
}

/**
 * The claims of `token` when it was signed with `key` and has not expired at `nowMs`; otherwise a
 * `forbidden` DomainError (403) saying which: malformed, tampered (signatures compared in constant
 * time, over the payload exactly as sent) or expired. Nothing else is ever thrown.
 */
export function verifyPdfLink(token: string, key: Uint8Array, nowMs: number): PdfLinkClaims {
  if (typeof token !== 'string' || token.length > MAX_PDF_TOKEN_LENGTH) throw forbidden(MALFORMED);
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) throw forbidden(MALFORMED);
  const [, payload, sent] = parts as [string, string, string];
  if (!B64URL.test(payload) || sent.length !== SIGNATURE_LENGTH || !B64URL.test(sent)) throw forbidden(MALFORMED);
  // Compared as the strings they are: a non-canonical encoding of the right bytes is refused too.
  if (!timingSafeEqual(Buffer.from(sent), Buffer.from(signature(payload, key)))) throw forbidden(TAMPERED);
  const claims = claimsOf(payload);
  if (claims.expiresAt * 1000 <= nowMs) throw forbidden(EXPIRED);
  return claims;
}
