import { createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden } from '@docs/platform';

/** What every signed link carries: when it stops working (Unix time, in seconds). */
export interface ExpiringClaims {
  expiresAt: number;
}

/**
 * One kind of signed link (a PDF export, a file's bytes): how its claims are written in the token
 * and read back. Each kind signs under its own context, so a token of one kind never verifies as
 * another, whatever the claims look like.
 */
export interface LinkKind<C extends ExpiringClaims> {
  /** Names the link in the 403 messages, e.g. `PDF link`. */
  noun: string;
  /** Prefixed to the payload before it is signed, e.g. `pdf-link.v1.`. */
  context: string;
  /** The JSON object the token carries. */
  write(claims: C): Record<string, unknown>;
  /** The claims of a token's JSON object, or null when it does not hold them. */
  read(value: Record<string, unknown>): C | null;
}

/** Tokens are `v1.<payload>.<signature>`, both base64url; the signature is HMAC-SHA256 over `<context><payload>`. */
const VERSION = 'v1';
const B64URL = /^[A-Za-z0-9_-]+$/;
/** 32 bytes of HMAC-SHA256, base64url without padding. */
const SIGNATURE_LENGTH = 43;
/** Longer tokens are never issued (ids are short); refusing them early bounds the work on junk. */
export const MAX_LINK_TOKEN_LENGTH = 1024;
const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** An id as the server makes them (letters, digits, `-` and `_`, at most 128). */
export const isLinkId = (value: unknown): value is string => typeof value === 'string' && ID.test(value);

function signature(kind: LinkKind<ExpiringClaims>, payload: string, key: Uint8Array): string {
  return createHmac('sha256', key).update(kind.context).update(payload).digest('base64url');
}

/** A token of `kind` carrying `claims`, signed with `key`. */
export function signLink<C extends ExpiringClaims>(kind: LinkKind<C>, claims: C, key: Uint8Array): string {
  const payload = Buffer.from(JSON.stringify(kind.write(claims))).toString('base64url');
  return `${VERSION}.${payload}.${signature(kind as LinkKind<ExpiringClaims>, payload, key)}`;
}

function claimsOf<C extends ExpiringClaims>(kind: LinkKind<C>, payload: string): C {
  const malformed = () => forbidden(`${kind.noun} is malformed`);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed();
  const claims = kind.read(value as Record<string, unknown>);
  if (!claims || !Number.isSafeInteger(claims.expiresAt)) throw malformed();
  return claims;
}

/**
 * The claims of `token` when it is a `kind` token signed with `key` that has not expired at `nowMs`;
 * otherwise a `forbidden` DomainError (403) saying which: malformed, tampered (signatures compared
 * in constant time, over the payload exactly as sent) or expired. Nothing else is ever thrown.
 */
export function verifyLink<C extends ExpiringClaims>(kind: LinkKind<C>, token: string, key: Uint8Array, nowMs: number): C {
  const malformed = () => forbidden(`${kind.noun} is malformed`);
  if (typeof token !== 'string' || token.length > MAX_LINK_TOKEN_LENGTH) throw malformed();
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) throw malformed();
  const [, payload, sent] = parts as [string, string, string];
  if (!B64URL.test(payload) || sent.length !== SIGNATURE_LENGTH || !B64URL.test(sent)) throw malformed();
  // Compared as the strings they are: a non-canonical encoding of the right bytes is refused too.
  if (!timingSafeEqual(Buffer.from(sent), Buffer.from(signature(kind as LinkKind<ExpiringClaims>, payload, key)))) {
    throw forbidden(`${kind.noun} signature does not match`);
  }
  const claims = claimsOf(kind, payload);
  if (claims.expiresAt * 1000 <= nowMs) throw forbidden(`${kind.noun} has expired; ask for a new one`);
  return claims;
}
