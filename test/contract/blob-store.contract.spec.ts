/**
 * Contract of the BlobStore port (docs/blobs.md): every adapter must pass it. The directory adapter
 * always runs (a fresh temporary directory per test); GridFS runs when MONGO_URL is set, in a
 * database of its own for this run that is dropped at the end.
 */
import fc from 'fast-check';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { dropMongoDatabase, freshMongoDbName } from './support/mongo';
import { BlobStore, isBlobHash } from '../../libs/platform/src/blobs/blob-store';
import { DirectoryBlobStore } from '../../libs/platform/src/blobs/directory-blob-store';
import { BLOB_BUCKET, GridFsBlobStore } from '../../libs/platform/src/mongodb/gridfs-blob-store';
import { skippedWithout } from '../support/server-suites';

interface Harness {
  open(): Promise<{ store: BlobStore; dispose: () => Promise<void> }>;
  /** How many stored copies of `hash` there are (files, GridFS files). */
  copies(hash: string): Promise<number>;
  teardown?: () => Promise<void>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let currentDir = '';
const dirs: string[] = [];
const harnesses: [string, Harness][] = [
  [
    'directory',
    {
      open: async () => {
        currentDir = mkdtempSync(join(tmpdir(), 'blob-contract-'));
        dirs.push(currentDir);
        const store = new DirectoryBlobStore({ dir: join(currentDir, 'blobs') });
        return { store, dispose: () => store.close() };
      },
      // The blob itself, and no temporary file left beside it.
      copies: async (hash) => {
        const shard = join(currentDir, 'blobs', hash.slice(0, 2));
        let names: string[] = [];
        try {
          names = readdirSync(shard);
        } catch {
          return 0;
        }
        return names.filter((name) => name.includes(hash)).length;
      },
      teardown: async () => {
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      },
    },
  ],
];
if (process.env.MONGO_URL) {
  const url = process.env.MONGO_URL;
  const dbName = freshMongoDbName();
  let client: MongoClient | undefined;
  harnesses.push([
    'gridfs',
    {
      open: async () => {
        const store = await GridFsBlobStore.connect({ url, dbName });
        return { store, dispose: () => store.close() };
      },
      copies: async (hash) => {
        client ??= await MongoClient.connect(url);
        return client.db(dbName).collection(`${BLOB_BUCKET}.files`).countDocuments({ filename: hash });
      },
      teardown: async () => {
        await client?.close();
        await dropMongoDatabase(url, dbName);
      },
    },
  ]);
} else {
  skippedWithout('MONGO_URL', 'blob store contract: the GridFS adapter');
}

const MALFORMED = [
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '',
  'abc',
  // the right length, wrong case / alphabet / extra characters
  'A'.repeat(64),
  sha256(Buffer.from('x')).toUpperCase(),
  'g'.repeat(64),
  `${'a'.repeat(64)}\n`,
  `../${'a'.repeat(61)}`,
  `${'a'.repeat(2)}/${'a'.repeat(61)}`,
];

describe.each(harnesses)('BlobStore contract: %s', (_name, harness) => {
  let store: BlobStore;
  let dispose: () => Promise<void>;

  beforeEach(async () => ({ store, dispose } = await harness.open()));
  afterEach(() => dispose());
  afterAll(() => harness.teardown?.());

  it('round-trips random bytes under their SHA-256', async () => {
    const bytes = randomBytes(10_000);
    const stored = await store.put(bytes);
    expect(stored).toEqual({ hash: sha256(bytes), size: bytes.length });
    expect(stored.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.get(stored.hash)).toEqual(bytes);
    expect(await store.has(stored.hash)).toBe(true);
  });

  it('round-trips an empty buffer', async () => {
    const stored = await store.put(Buffer.alloc(0));
    expect(stored).toEqual({ hash: sha256(Buffer.alloc(0)), size: 0 });
    expect(stored.hash).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const back = await store.get(stored.hash);
    expect(back).toBeInstanceOf(Buffer);
    expect(back!.length).toBe(0);
    expect(await store.has(stored.hash)).toBe(true);
  });

  it('stores the same bytes once, however often they are put', async () => {
    const bytes = randomBytes(2048);
    const first = await store.put(bytes);
    const second = await store.put(Buffer.from(bytes));
    expect(second).toEqual(first);
    expect(await harness.copies(first.hash)).toBe(1);
    expect(await store.get(first.hash)).toEqual(bytes);
  });

  it('keeps one copy when the same bytes are put concurrently', async () => {
    const bytes = randomBytes(256 * 1024);
    const results = await Promise.all(Array.from({ length: 8 }, () => store.put(Buffer.from(bytes))));
    for (const result of results) expect(result).toEqual({ hash: sha256(bytes), size: bytes.length });
    expect(await harness.copies(sha256(bytes))).toBe(1);
    expect(await store.get(sha256(bytes))).toEqual(bytes);
  });

  it('keeps distinct blobs apart', async () => {
    const a = randomBytes(100);
    const b = randomBytes(100);
    const [sa, sb] = await Promise.all([store.put(a), store.put(b)]);
    expect(sa.hash).not.toBe(sb.hash);
    expect(await store.get(sa.hash)).toEqual(a);
    expect(await store.get(sb.hash)).toEqual(b);
  });

  it('answers null and false for an unknown hash', async () => {
    const unknown = sha256(randomBytes(32));
    expect(await store.get(unknown)).toBeNull();
    expect(await store.has(unknown)).toBe(false);
  });

  it.each(MALFORMED)('answers null and false for the malformed hash %j', async (hash) => {
    await store.put(Buffer.from('x')); // a store with something in it
    expect(isBlobHash(hash)).toBe(false);
    expect(await store.get(hash)).toBeNull();
    expect(await store.has(hash)).toBe(false);
  });

  it('answers null and false for an upper-case spelling of a stored hash', async () => {
    const { hash } = await store.put(randomBytes(64));
    expect(await store.get(hash.toUpperCase())).toBeNull();
    expect(await store.has(hash.toUpperCase())).toBe(false);
  });

  it('round-trips a 5 MiB blob', async () => {
    const bytes = randomBytes(5 * 1024 * 1024);
    const stored = await store.put(bytes);
    expect(stored).toEqual({ hash: sha256(bytes), size: bytes.length });
    const back = await store.get(stored.hash);
    expect(back!.length).toBe(bytes.length);
    expect(back!.equals(bytes)).toBe(true);
  });

  it('round-trips any bytes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), async (array) => {
        const bytes = Buffer.from(array);
        const stored = await store.put(bytes);
        expect(stored).toEqual({ hash: sha256(bytes), size: bytes.length });
        expect((await store.get(stored.hash))!.equals(bytes)).toBe(true);
        expect(await store.has(stored.hash)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('DirectoryBlobStore layout', () => {
  it('keeps a blob at <dir>/<first 2 hex>/<hash>, with no temporary file left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'blob-layout-'));
    try {
      const store = new DirectoryBlobStore({ dir });
      const { hash } = await store.put(Buffer.from('hello'));
      expect(readdirSync(dir)).toEqual([hash.slice(0, 2)]);
      expect(readdirSync(join(dir, hash.slice(0, 2)))).toEqual([hash]);
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never reads a path built from a malformed hash, even one that names an existing file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'blob-layout-'));
    try {
      const store = new DirectoryBlobStore({ dir: join(dir, 'blobs') });
      await store.put(Buffer.from('inside'));
      // `../secret` from the shard directory would be a real file outside the store.
      mkdirSync(join(dir, 'blobs'), { recursive: true });
      writeFileSync(join(dir, 'secret'), 'outside');
      expect(await store.get('../../secret')).toBeNull();
      expect(await store.has('../../secret')).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
