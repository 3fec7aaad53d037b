/**
 * When a failed delivery is tried again (docs/webhooks.md, "Retries"): exponential back-off from
 * `firstDelayMs`, four times longer each attempt up to `maxDelayMs`, with ±20% jitter so receivers
 * coming back are not hit by every sender at once; a delivery is retried until `retryForMs` after its
 * first attempt, then it fails for good. A subscription whose deliveries have all failed for
 * `disableAfterMs` is disabled.
 */
export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  retryForMs: number;
  disableAfterMs: number;
}

const HOUR_MS = 60 * 60 * 1000;

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  firstDelayMs: 5_000,
  maxDelayMs: 6 * HOUR_MS,
  retryForMs: 24 * HOUR_MS,
  disableAfterMs: 72 * HOUR_MS,
};

/** The delay before attempt `attempts + 1`, after `attempts` failed ones; `random` in [0, 1). */
export function retryDelayMs(policy: RetryPolicy, attempts: number, random: number): number {
  const base = Math.min(policy.maxDelayMs, policy.firstDelayMs * 4 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random));
}

/**
 * After a failed attempt at `now`: when the next one is due, or null when the delivery has been
 * tried for `retryForMs` already (so its last attempt comes at least that long after its first).
 */
export function nextAttemptAt(policy: RetryPolicy, firstAttemptAt: number, now: number, attempts: number, random: number): number | null {
  return now - firstAttemptAt >= policy.retryForMs ? null : now + retryDelayMs(policy, attempts, random);
}

/** Whether a subscription failing since `failingSince` (ms) is to be disabled now. */
export const failedTooLong = (policy: RetryPolicy, failingSince: number, now: number): boolean =>
  now - failingSince >= policy.disableAfterMs;
