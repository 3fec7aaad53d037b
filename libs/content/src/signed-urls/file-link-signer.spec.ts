import fc from 'fast-check';
import { AppConfig, Clock } from '@docs/platform';
import { FileLinkSigner } from './file-link-signer';
import { fileLinkExpiry } from './file-links';
import { signPdfLink } from '../pdf/render/pdf-links';
import { UrlSigningKey } from './url-signing-key';
import { expectOnly403s, payloadOf, refusal, withPayload } from '../testing/signed-link-tokens';

const TTL = 3600;

/** A clock that moves only when told (FakeClock follows the system time, which would move the windows). */
class StillClock extends Clock {
  private ms = Date.UTC(2030, 0, 1, 12, 34, 56);
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}
const config = (secret: string) =>
  ({ publicUrl: 'http://api.test', pdfUrlSecret: secret, fileUrlTtlSeconds: TTL, dataDir: '/nonexistent' }) as AppConfig;

function signerWith(secret = 'k'.repeat(48), clock = new StillClock()): FileLinkSigner {
  const cfg = config(secret);
  return new FileLinkSigner(cfg, clock, new UrlSigningKey(cfg));
}

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('file links', () => {
  it('signs a URL under /v1/files naming the space, revision and file, and verifies it', () => {
    const clock = new StillClock();
    const signer = signerWith(undefined, clock);
    const url = signer.url('space_1', 'rev-A1', 'file_7');
    expect(url).toMatch(/^http:\/\/api\.test\/v1\/files\/v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const claims = signer.verify(tokenOf(url));
    expect(claims).toEqual({
      spaceId: 'space_1',
      revisionId: 'rev-A1',
      fileId: 'file_7',
      expiresAt: fileLinkExpiry(clock.now().getTime(), TTL),
    });
    expect(signer.secondsLeft(claims)).toBeGreaterThan(TTL - 1);
    expect(signer.secondsLeft(claims)).toBeLessThanOrEqual(2 * TTL);
  });

  it('hands out one URL per window, serving for between one and two windows', () => {
    const start = Date.UTC(2030, 0, 1); // a window boundary (TTL divides it)
    expect(fileLinkExpiry(start, TTL)).toBe(start / 1000 + 2 * TTL);
    expect(fileLinkExpiry(start + TTL * 1000 - 1, TTL)).toBe(start / 1000 + 2 * TTL);
    expect(fileLinkExpiry(start + TTL * 1000, TTL)).toBe(start / 1000 + 3 * TTL);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: 1, max: 1e7 }), (now, ttl) => {
        const left = fileLinkExpiry(now, ttl) - now / 1000;
        return left > ttl && left <= 2 * ttl;
      }),
    );
    const clock = new StillClock();
    const signer = signerWith(undefined, clock);
    clock.advance(fileLinkExpiry(clock.now().getTime(), TTL) * 1000 - 2 * TTL * 1000 - clock.now().getTime()); // a window's start
    const first = signer.url('s', 'r', 'f');
    clock.advance(TTL * 1000 - 1);
    expect(signer.url('s', 'r', 'f')).toBe(first);
    clock.advance(1);
    expect(signer.url('s', 'r', 'f')).not.toBe(first);
  });

  it('expires by the clock', () => {
    const clock = new StillClock();
    const signer = signerWith(undefined, clock);
    const token = tokenOf(signer.url('space_1', 'rev-A1', 'file_7'));
    const { e: expiresAt } = payloadOf(token);
    clock.advance(expiresAt * 1000 - clock.now().getTime() - 1);
    expect(signer.verify(token).fileId).toBe('file_7');
    clock.advance(1);
    expect(refusal(() => signer.verify(token))).toBe('file link has expired; ask for a new one');
    clock.advance(86_400_000);
    expect(refusal(() => signer.verify(token))).toMatch(/expired/);
  });

  it.each([
    ['s', 'space_2'],
    ['r', 'rev-B2'],
    ['f', 'file_8'],
    ['e', 4_102_444_800 + 86_400],
  ])('refuses a token whose %s was changed to %p (another space, revision, file or expiry)', (field, value) => {
    const signer = signerWith();
    const token = tokenOf(signer.url('space_1', 'rev-A1', 'file_7'));
    expect(refusal(() => signer.verify(withPayload(token, { ...payloadOf(token), [field]: value })))).toBe(
      'file link signature does not match',
    );
  });

  it('refuses any change of any one byte of the token', () => {
    const signer = signerWith();
    const token = tokenOf(signer.url('space_1', 'rev-A1', 'file_7'));
    for (let i = 0; i < token.length; i++) {
      for (let delta = 1; delta < 128; delta += 9) {
        const changed = token.slice(0, i) + String.fromCharCode((token.charCodeAt(i) + delta) % 128) + token.slice(i + 1);
        refusal(() => signer.verify(changed));
      }
    }
    expect(signer.verify(token).fileId).toBe('file_7');
  });

  it('refuses a token signed with another key, and a PDF token with the same key', () => {
    const token = tokenOf(signerWith('o'.repeat(48)).url('space_1', 'rev-A1', 'file_7'));
    expect(refusal(() => signerWith().verify(token))).toMatch(/signature/);
    const key = new TextEncoder().encode('k'.repeat(48));
    const pdf = signPdfLink({ spaceId: 's', revisionId: 'r', changeRequestId: null, pageId: null, only: false, expiresAt: 4e9 }, key);
    expect(refusal(() => signerWith().verify(pdf))).toMatch(/signature/);
  });

  it.each([
    ['empty', ''],
    ['one part', 'v1'],
    ['four parts', 'v1.a.b.c'],
    ['another version', `v2.eyJ9.${'A'.repeat(43)}`],
    ['a short signature', `v1.eyJ9.${'A'.repeat(42)}`],
    ['too long', `v1.${'A'.repeat(1024)}.${'A'.repeat(43)}`],
  ])('refuses a malformed token: %s', (_name, token) => {
    expect(refusal(() => signerWith().verify(token))).toBe('file link is malformed');
  });

  it('never throws anything but a 403 on arbitrary strings (property)', () => {
    const signer = signerWith();
    expectOnly403s(tokenOf(signer.url('space_1', 'rev-A1', 'file_7')), (candidate) => signer.verify(candidate));
  });
});
