/** The answer a keyed request got, replayed to its retries. */
export interface StoredAnswer {
  status: number;
  /** The headers that describe it (content-type, location), lower-case names; see REPLAYED_HEADERS. */
  headers: Record<string, string>;
  /** The body exactly as sent ('' when empty). */
  body: string;
}

/** A request asking to be the one that runs under (caller, key). Times are epoch milliseconds. */
export interface IdempotencyClaim {
  caller: string;
  key: string;
  /** See requestFingerprint: what makes two requests "the same request". */
  fingerprint: string;
  now: number;
  /** After this an unanswered claim counts as abandoned (its process died): the key is free again. */
  lockedUntil: number;
  /** After this the record may be forgotten; until then it holds the key. */
  expiresAt: number;
}

export type ClaimResult =
  /** This request runs; `token` settles the claim (another claim may take an abandoned one over). */
  | { outcome: 'claimed'; token: string }
  /** The same request is still running elsewhere. */
  | { outcome: 'in_flight' }
  /** The key holds a different request. */
  | { outcome: 'mismatch' }
  /** The same request already got this answer. */
  | { outcome: 'replay'; answer: StoredAnswer };

/**
 * Idempotency-Key records (DESIGN.md, "Events > Idempotency"), one per (caller, key): the request's
 * fingerprint, then its final answer. `claim` is an atomic insert-if-absent, which is what keeps two
 * simultaneous requests from both running. Expired records count as absent, whether or not they
 * have been purged yet.
 */
export abstract class IdempotencyStore {
  abstract claim(claim: IdempotencyClaim): Promise<ClaimResult>;
  /** Stores the final answer of a claimed request; does nothing when the claim was taken over. */
  abstract complete(caller: string, key: string, token: string, answer: StoredAnswer, expiresAt: number): Promise<void>;
  /** Frees the key (the answer was not final) unless the claim was taken over. */
  abstract release(caller: string, key: string, token: string): Promise<void>;
  /** Deletes records expired at `now`; returns how many (adapters with their own expiry may answer 0). */
  abstract purgeExpired(now: number): Promise<number>;
  abstract close(): Promise<void>;
}
