import { createHash } from 'node:crypto';

/** What `put` answers: the blob's address and its length in bytes. */
export interface StoredBlob {
  /** Lower-case hex SHA-256 of the bytes. */
  hash: string;
  size: number;
}

const BLOB_HASH = /^[0-9a-f]{64}$/;

/** The address of `bytes`: the lower-case hex SHA-256 of them. */
export const blobHash = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Whether `value` can be a blob address (64 lower-case hex characters). Anything else is never
 * used to build a path or a query, so a client-supplied "hash" cannot reach outside the store.
 */
export const isBlobHash = (value: unknown): value is string => typeof value === 'string' && BLOB_HASH.test(value);

/**
 * Content-addressed storage of immutable byte strings (docs/blobs.md): a blob's address is the
 * SHA-256 of its bytes, so the same bytes are stored once however often they are put, and a
 * stored blob never changes. `get`/`has` of a string that is not a well-formed hash answer
 * null/false without touching the storage. Adapters: DirectoryBlobStore (DATA_DIR/blobs) and
 * GridFsBlobStore (MongoDB, when MONGO_URL is set).
 */
export abstract class BlobStore {
  /** Stores the bytes unless a blob with their hash is already there; idempotent. */
  abstract put(bytes: Buffer): Promise<StoredBlob>;
  /** The bytes stored under `hash`, or null (unknown or malformed hash). */
  abstract get(hash: string): Promise<Buffer | null>;
  abstract has(hash: string): Promise<boolean>;
  abstract close(): Promise<void>;
}
