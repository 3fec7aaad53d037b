import fc from 'fast-check';
import { DEFAULT_RETRY_POLICY, failedTooLong, nextAttemptAt, retryDelayMs } from './webhook-retries.domain';

const HOUR = 60 * 60 * 1000;

describe('webhook retries', () => {
  it('backs off exponentially from 5 s, with at most 20% jitter, never past the cap', () => {
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 1, 0.5)).toBe(5_000);
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 2, 0.5)).toBe(20_000);
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 3, 0.5)).toBe(80_000);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempts, random) => {
        const delay = retryDelayMs(DEFAULT_RETRY_POLICY, attempts, random);
        const base = Math.min(DEFAULT_RETRY_POLICY.maxDelayMs, 5_000 * 4 ** (attempts - 1));
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(delay).toBeLessThanOrEqual(Math.ceil(base * 1.2));
      }),
    );
  });

  it('keeps retrying a delivery for more than a day, then gives up', () => {
    // The worst case: every delay at its longest, each attempt made as soon as it is due.
    for (const random of [0, 0.5, 0.999]) {
      let now = 0;
      let attempts = 1;
      for (let next = nextAttemptAt(DEFAULT_RETRY_POLICY, 0, now, attempts, random); next !== null; attempts++) {
        now = next;
        next = nextAttemptAt(DEFAULT_RETRY_POLICY, 0, now, attempts + 1, random);
      }
      expect(now).toBeGreaterThanOrEqual(24 * HOUR);
      expect(now).toBeLessThan(24 * HOUR + DEFAULT_RETRY_POLICY.maxDelayMs * 1.2);
      expect(attempts).toBeLessThan(20);
    }
  });

  it('disables a subscription after 3 days of failures', () => {
    expect(failedTooLong(DEFAULT_RETRY_POLICY, 0, 72 * HOUR - 1)).toBe(false);
    expect(failedTooLong(DEFAULT_RETRY_POLICY, 0, 72 * HOUR)).toBe(true);
  });
});
