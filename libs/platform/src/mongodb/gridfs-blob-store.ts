import type { GridFSBucket, GridFSFile, MongoClient, ObjectId } from 'mongodb';
import { BlobStore, blobHash, isBlobHash, StoredBlob } from '../blobs/blob-store';
import { mongoDriver, MongoStoreOptions, openMongoStore } from './mongo-driver';

export type GridFsBlobStoreOptions = MongoStoreOptions;

export const BLOB_BUCKET = 'blobs';

/** Oldest first, with the id as a tie-break: every process picks the same copy of a hash. */
const CANONICAL_ORDER = { uploadDate: 1, _id: 1 } as const;

/**
 * Blobs in MongoDB GridFS (bucket `blobs`, chosen with MONGO_URL), one GridFS file per blob whose
 * filename is the hash. GridFS writes a file's document only after all of its chunks, so a blob
 * whose upload died is never visible (its orphan chunks are garbage, not a partial blob).
 *
 * A put looks first and uploads only when the hash is absent. Two concurrent puts of the same bytes
 * may both upload; each then lists the copies and deletes its own unless it is the canonical one
 * (oldest upload, then smallest id), so one copy remains. Reads always take the canonical copy, so
 * a duplicate that survives (a process died before deleting it, or clocks disagree on the order)
 * wastes space but is never wrong: every copy has the same bytes.
 * It has its own client, like the other MongoDB stores.
 */
export class GridFsBlobStore extends BlobStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly bucket: GridFSBucket,
  ) {
    super();
  }

  static connect(options: GridFsBlobStoreOptions): Promise<GridFsBlobStore> {
    return openMongoStore(options, 'blob store', async (client) => {
      const db = client.db(options.dbName);
      // The index GridFS itself would create on first upload; made up front so lookups by hash never scan.
      await db.collection(`${BLOB_BUCKET}.files`).createIndex({ filename: 1, uploadDate: 1 });
      return new GridFsBlobStore(client, new (mongoDriver().GridFSBucket)(db, { bucketName: BLOB_BUCKET }));
    });
  }

  async put(bytes: Buffer): Promise<StoredBlob> {
    const hash = blobHash(bytes);
    const stored = { hash, size: bytes.length };
    if (await this.canonical(hash)) return stored;
    const id = await this.upload(hash, bytes);
    const copies = await this.bucket.find({ filename: hash }, { sort: CANONICAL_ORDER, projection: { _id: 1 } }).toArray();
    if (copies.length > 1 && !copies[0]!._id.equals(id)) await this.bucket.delete(id).catch(() => undefined);
    return stored;
  }

  async get(hash: string): Promise<Buffer | null> {
    if (!isBlobHash(hash)) return null;
    // A copy can vanish under a read (FileNotFound, missing chunks) when a concurrent put found a
    // copy ordered before it (clock skew): that copy holds the same bytes, so the read starts over once.
    for (let attempt = 1; ; attempt++) {
      const file = await this.canonical(hash);
      if (!file) return null;
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks, file.length);
      } catch (error) {
        if (attempt >= 2 || !(error instanceof mongoDriver().MongoRuntimeError)) throw error;
      }
    }
  }

  async has(hash: string): Promise<boolean> {
    return isBlobHash(hash) && (await this.canonical(hash)) !== null;
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async canonical(hash: string): Promise<GridFSFile | null> {
    const [file] = await this.bucket.find({ filename: hash }, { sort: CANONICAL_ORDER, limit: 1 }).toArray();
    return file ?? null;
  }

  private upload(hash: string, bytes: Buffer): Promise<ObjectId> {
    return new Promise((resolve, reject) => {
      const stream = this.bucket.openUploadStream(hash, { metadata: { size: bytes.length } });
      stream.once('error', reject);
      stream.once('finish', () => resolve(stream.id));
      if (bytes.length > 0) stream.end(bytes);
      else stream.end();
    });
  }
}
