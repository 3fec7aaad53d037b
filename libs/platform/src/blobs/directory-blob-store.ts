import { randomUUID } from 'node:crypto';
import { FileHandle, link, mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BlobStore, blobHash, isBlobHash, StoredBlob } from './blob-store';

export interface DirectoryBlobStoreOptions {
  /** The store's root (`blobs` in DATA_DIR); created on the first put. */
  dir: string;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/** Errors of file systems without hard links: the blob is then moved into place with rename. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Blobs as files, `<dir>/<first 2 hex>/<hash>` (256 shard directories at most). A put writes a
 * temporary file beside its destination, fsyncs it, then links it under its hash (link fails
 * rather than replace, so an existing blob is never rewritten, even by a concurrent put of the same
 * bytes) and fsyncs the directory: a blob is either whole under its hash or absent. A crash can
 * leave a `.tmp` file behind, never a partial blob; such files may be deleted while no put runs.
 * All I/O is asynchronous (node:fs/promises).
 */
export class DirectoryBlobStore extends BlobStore {
  private readonly dir: string;

  constructor(options: DirectoryBlobStoreOptions) {
    super();
    this.dir = options.dir;
  }

  /** Only ever called with a well-formed hash, so the path stays inside `dir`. */
  private pathOf(hash: string): string {
    return join(this.dir, hash.slice(0, 2), hash);
  }

  async put(bytes: Buffer): Promise<StoredBlob> {
    const hash = blobHash(bytes);
    const stored = { hash, size: bytes.length };
    const file = this.pathOf(hash);
    if (await this.exists(file)) return stored;
    const shard = dirname(file);
    await mkdir(shard, { recursive: true });
    const temp = join(shard, `.${hash}.${randomUUID()}.tmp`);
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    await handle.close();
    try {
      await this.moveIntoPlace(temp, file);
    } finally {
      await unlink(temp).catch(() => undefined);
    }
    await syncDirectory(shard);
    return stored;
  }

  async get(hash: string): Promise<Buffer | null> {
    if (!isBlobHash(hash)) return null;
    try {
      return await readFile(this.pathOf(hash));
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null;
      throw error;
    }
  }

  async has(hash: string): Promise<boolean> {
    return isBlobHash(hash) && this.exists(this.pathOf(hash));
  }

  async close(): Promise<void> {
    // Nothing is held open between calls.
  }

  private async exists(file: string): Promise<boolean> {
    try {
      return (await stat(file)).isFile();
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return false;
      throw error;
    }
  }

  /** link: the first writer wins and the blob is never replaced; rename where hard links are not supported. */
  private async moveIntoPlace(temp: string, file: string): Promise<void> {
    try {
      await link(temp, file);
    } catch (error) {
      if (errorCode(error) === 'EEXIST') return; // a concurrent put of the same bytes got there first
      if (!NO_HARD_LINKS.has(errorCode(error) ?? '')) throw error;
      // Replacing an identical, complete file is harmless; rename is atomic.
      await rename(temp, file);
    }
  }
}

/** Makes the new directory entry durable; some platforms cannot open a directory, and then it is skipped. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // best effort (e.g. Windows, where directories cannot be fsynced)
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
