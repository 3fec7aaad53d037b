import { promisify } from 'node:util';
import { inflate } from 'node:zlib';

const inflateAsync = promisify(inflate);

/** Bytes a PNG that pdfkit must decode (alpha, or a transparent palette) may decode to. */
export const MAX_DECODED_PNG_BYTES = 16 * 1024 * 1024;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/**
 * Whether pdfkit can draw `bytes` as a PNG without failing later. pdfkit (png-js) decodes PNGs with
 * an alpha channel or a transparent palette in a zlib callback and throws from there when the data
 * is corrupt, where nothing can catch it; so those are checked here first, the way png-js reads
 * them (the data inflates, within MAX_DECODED_PNG_BYTES, and every row's filter is known).
 * Interlaced PNGs, which pdfkit always decodes, are not drawn.
 */
export async function drawablePng(bytes: Buffer): Promise<boolean> {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(SIGNATURE)) return false;
  let pos = 8;
  let header: { width: number; height: number; depth: number; color: number; interlace: number } | null = null;
  let transparent = false;
  const data: Buffer[] = [];
  while (pos + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    const start = pos + 8;
    if (start + length + 4 > bytes.length) return false;
    const chunk = bytes.subarray(start, start + length);
    if (type === 'IHDR') {
      if (length < 13) return false;
      header = { width: chunk.readUInt32BE(0), height: chunk.readUInt32BE(4), depth: chunk[8]!, color: chunk[9]!, interlace: chunk[12]! };
    } else if (type === 'tRNS') transparent = true;
    else if (type === 'IDAT') data.push(chunk);
    else if (type === 'IEND') break;
    pos = start + length + 4;
  }
  if (!header || data.length === 0) return false;
  const { width, height, depth, color, interlace } = header;
  const channels = CHANNELS[color];
  if (!channels || !DEPTHS[color]!.includes(depth) || width === 0 || height === 0 || interlace > 1) return false;
  if (interlace === 1) return false;
  const decoded = color === 4 || color === 6 || (color === 3 && transparent);
  if (!decoded) return true; // embedded as it is: the PDF reader inflates it
  const pixelBytes = (depth * channels) / 8;
  const rowLength = Math.ceil(pixelBytes * width);
  const expected = height * (rowLength + 1);
  if (width * height * Math.max(pixelBytes, 1) > MAX_DECODED_PNG_BYTES) return false;
  let pixels: Buffer;
  try {
    pixels = await inflateAsync(Buffer.concat(data), { maxOutputLength: expected + 64 * 1024 });
  } catch {
    return false;
  }
  for (let row = 0, at = 0; row < height && at < pixels.length; row++, at += rowLength + 1) {
    if (pixels[at]! > 4) return false;
  }
  return true;
}
