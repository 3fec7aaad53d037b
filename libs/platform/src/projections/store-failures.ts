import { StoreUnavailableError } from '../event-store/event-store';

/**
 * Which failures belong to the stores rather than to the event being applied. A projection parks
 * an event only when its own `apply` threw something else: a locked, full, closed or unreachable
 * store is never the event's fault, and parking on it would skip every event in sight.
 */
export function isStoreFailure(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return true;
  if (error.name.startsWith('Mongo')) return true;
  // better-sqlite3 on a closed connection (a store closing under a batch at shutdown).
  return /database connection is not open/i.test(error.message);
}

/**
 * Failures worth trying again as they are: a SQLite database locked by another connection (the CLI
 * replaying beside a server, past the busy timeout) and MongoDB's transient transaction errors.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
  const labels = (error as { errorLabels?: unknown }).errorLabels;
  if (Array.isArray(labels) && labels.some((l) => l === 'TransientTransactionError' || l === 'RetryableWriteError')) return true;
  return (error as { hasErrorLabel?: (label: string) => boolean }).hasErrorLabel?.('TransientTransactionError') === true;
}

/** Waits before each retry of a retryable failure: about 13 s in all, past SQLite's own 5 s busy timeout each time. */
export const RETRY_DELAYS_MS = [100, 250, 500, 1000, 2000, 4000, 5000];

/**
 * Runs `work`, again after each delay while it fails with a retryable failure; the last failure
 * (or the first that is not retryable) is thrown. `onRetry` hears of each retry.
 */
export async function withRetries<T>(
  work: () => Promise<T>,
  onRetry: (error: unknown, attempt: number, delayMs: number) => void = () => undefined,
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !isRetryable(error)) throw error;
      onRetry(error, attempt + 1, delay);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
