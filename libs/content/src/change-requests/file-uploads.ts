import { Injectable } from '@nestjs/common';
import { imageSize } from 'image-size';
import { BlobStore } from '@docs/platform';
import { FileNode } from '../page-tree/content-files.domain';

/** A file of `insert_files` as the request gave it. */
export interface FileUpload {
  name: string;
  contentType: string;
  base64: string;
}

/**
 * Stores uploaded files' bytes in the blob store (content-addressed: the same bytes are kept once)
 * and describes them: size from the bytes, dimensions read from the image itself. The bytes are
 * stored before the event that names their hash, so a recorded file always has its bytes; bytes
 * whose event is refused stay unreferenced (harmless, and shared if uploaded again).
 */
@Injectable()
export class FileUploads {
  constructor(private readonly blobs: BlobStore) {}

  store(uploads: readonly FileUpload[], ids: readonly string[]): Promise<FileNode[]> {
    return this.storeBytes(
      uploads.map(({ base64, ...upload }) => ({ ...upload, bytes: Buffer.from(base64, 'base64') })),
      ids,
    );
  }

  /** The same for files whose bytes are at hand (an imported archive's). */
  async storeBytes(
    uploads: readonly { name: string; contentType: string; bytes: Uint8Array }[],
    ids: readonly string[],
  ): Promise<FileNode[]> {
    const files: FileNode[] = [];
    for (const [index, upload] of uploads.entries()) {
      const bytes = Buffer.from(upload.bytes.buffer, upload.bytes.byteOffset, upload.bytes.byteLength);
      const { hash, size } = await this.blobs.put(bytes);
      const dimensions = upload.contentType.startsWith('image/') ? dimensionsOf(bytes) : undefined;
      files.push({
        id: ids[index]!,
        name: upload.name,
        contentType: upload.contentType,
        size,
        hash,
        ...(dimensions ? { dimensions } : {}),
      });
    }
    return files;
  }
}

/** Width and height of an image, when its bytes say (image-size reads only the header). */
export function dimensionsOf(bytes: Buffer): { width: number; height: number } | undefined {
  try {
    const { width, height } = imageSize(bytes);
    return width !== undefined && height !== undefined ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
