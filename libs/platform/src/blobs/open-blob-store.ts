import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { BlobStore } from './blob-store';
import { DirectoryBlobStore } from './directory-blob-store';

/** Blobs: MongoDB GridFS (bucket `blobs`) when MONGO_URL is set, else files under `blobs/` in DATA_DIR. */
export async function openBlobStore(config: AppConfig): Promise<BlobStore> {
  if (!config.mongoUrl) return new DirectoryBlobStore({ dir: join(config.dataDir, 'blobs') });
  const { GridFsBlobStore } = await import('../mongodb/gridfs-blob-store');
  return GridFsBlobStore.connect({ url: config.mongoUrl, dbName: config.mongoDb });
}

/** Where openBlobStore keeps blobs, for the start-up log. */
export const describeBlobStore = (config: AppConfig): string =>
  config.mongoUrl ? `MongoDB GridFS ${config.mongoDb}.blobs` : `directory ${join(config.dataDir, 'blobs')}`;
