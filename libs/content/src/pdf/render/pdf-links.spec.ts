import { createHmac } from 'node:crypto';
import { MAX_PDF_TOKEN_LENGTH, PdfLinkClaims, signPdfLink, verifyPdfLink } from './pdf-links';
import { expectOnly403s, payloadOf, refusal, withPayload } from '../../testing/signed-link-tokens';

const KEY = new TextEncoder().encode('k'.repeat(48));
const OTHER_KEY = new TextEncoder().encode('o'.repeat(48));
const NOW = Date.UTC(2030, 0, 1);
const claims: PdfLinkClaims = {
  spaceId: 'space_1',
  revisionId: 'rev-A1',
  changeRequestId: 'cr_9',
  pageId: 'page_3',
  only: true,
  expiresAt: NOW / 1000 + 3600,
};

describe('PDF links', () => {
  it('round-trips the claims', () => {
    const token = signPdfLink(claims, KEY);
    expect(token).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyPdfLink(token, KEY, NOW)).toEqual(claims);
    const live = { ...claims, changeRequestId: null, pageId: null, only: false };
    expect(verifyPdfLink(signPdfLink(live, KEY), KEY, NOW)).toEqual(live);
  });

  it('expires at expiresAt', () => {
    const token = signPdfLink(claims, KEY);
    expect(verifyPdfLink(token, KEY, claims.expiresAt * 1000 - 1)).toEqual(claims);
    expect(refusal(() => verifyPdfLink(token, KEY, claims.expiresAt * 1000))).toMatch(/expired/);
    expect(refusal(() => verifyPdfLink(token, KEY, claims.expiresAt * 1000 + 86_400_000))).toMatch(/expired/);
  });

  it('refuses a token signed with another key', () => {
    expect(refusal(() => verifyPdfLink(signPdfLink(claims, OTHER_KEY), KEY, NOW))).toMatch(/signature/);
  });

  it.each<[keyof PdfLinkClaims, unknown]>([
    ['spaceId', 'space_2'],
    ['revisionId', 'rev-B2'],
    ['changeRequestId', null],
    ['changeRequestId', 'cr_10'],
    ['pageId', null],
    ['pageId', 'page_4'],
    ['only', false],
    ['expiresAt', claims.expiresAt + 3600],
  ])('refuses a token whose %s was changed to %p', (field, value) => {
    const token = signPdfLink(claims, KEY);
    const names = { spaceId: 's', revisionId: 'r', changeRequestId: 'c', pageId: 'p', only: 'o', expiresAt: 'e' } as const;
    const tampered = withPayload(token, { ...payloadOf(token), [names[field]]: value });
    expect(refusal(() => verifyPdfLink(tampered, KEY, NOW))).toMatch(/signature/);
  });

  it('refuses any change of one character of the token', () => {
    const token = signPdfLink(claims, KEY);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    for (let i = 0; i < token.length; i++) {
      for (const c of [
        alphabet[(alphabet.indexOf(token[i]!) + 1) % alphabet.length]!,
        alphabet[(alphabet.indexOf(token[i]!) + 7) % alphabet.length]!,
      ]) {
        const changed = token.slice(0, i) + c + token.slice(i + 1);
        if (changed !== token) refusal(() => verifyPdfLink(changed, KEY, NOW));
      }
    }
  });

  it('refuses a signature that is the right bytes in a non-canonical encoding', () => {
    const token = signPdfLink(claims, KEY);
    // The last of 43 base64url characters carries 4 bits of the digest and 2 unused ones.
    const last = token[token.length - 1]!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    const changed = token.slice(0, -1) + sibling;
    expect(Buffer.from(changed.split('.')[2]!, 'base64url')).toEqual(Buffer.from(token.split('.')[2]!, 'base64url'));
    expect(refusal(() => verifyPdfLink(changed, KEY, NOW))).toMatch(/signature/);
  });

  it.each([
    ['empty', ''],
    ['one part', 'v1'],
    ['two parts', 'v1.abc'],
    ['four parts', 'v1.a.b.c'],
    ['another version', `v2.eyJ9.${'A'.repeat(43)}`],
    ['a short signature', `v1.eyJ9.${'A'.repeat(42)}`],
    ['characters outside base64url', `v1.ey+J9.${'A'.repeat(43)}`],
    ['too long', `v1.${'A'.repeat(MAX_PDF_TOKEN_LENGTH)}.${'A'.repeat(43)}`],
  ])('refuses a malformed token: %s', (_name, token) => {
    expect(refusal(() => verifyPdfLink(token, KEY, NOW))).toMatch(/malformed/);
  });

  it.each([
    ['not JSON', 'not json'],
    ['an array', '[]'],
    ['null', 'null'],
    ['missing fields', '{"s":"a"}'],
    ['a bad id', JSON.stringify({ s: 'a/b', r: 'r', c: null, p: null, o: false, e: 2e9 })],
    ['a string expiry', JSON.stringify({ s: 'a', r: 'r', c: null, p: null, o: false, e: '2000000000' })],
    ['a fractional expiry', JSON.stringify({ s: 'a', r: 'r', c: null, p: null, o: false, e: 2e9 + 0.5 })],
    ['a string only', JSON.stringify({ s: 'a', r: 'r', c: null, p: null, o: 'true', e: 2e9 })],
  ])('refuses well-signed claims that are malformed: %s', (_name, json) => {
    // Signed with the right key: the claims are checked after the signature, and still refused.
    const payload = Buffer.from(json).toString('base64url');
    const signature = createHmac('sha256', KEY).update('pdf-link.v1.').update(payload).digest('base64url');
    expect(refusal(() => verifyPdfLink(`v1.${payload}.${signature}`, KEY, NOW))).toMatch(/malformed/);
  });

  it('never throws anything but a 403 on arbitrary strings (property)', () => {
    expectOnly403s(signPdfLink(claims, KEY), (candidate) => verifyPdfLink(candidate, KEY, NOW));
  });
});
