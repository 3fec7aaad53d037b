import { deflateSync } from 'node:zlib';
import { solidPng } from '../../testing/pdf-text';
import { drawablePng, MAX_DECODED_PNG_BYTES } from './png-check';

/** `png` with its IDAT data replaced by `data` (CRCs are not checked by pdfkit, nor here). */
function withData(png: Buffer, data: Buffer): Buffer {
  const ihdrEnd = 8 + 8 + 13 + 4;
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write('IDAT', 4, 'latin1');
  return Buffer.concat([png.subarray(0, ihdrEnd), head, data, Buffer.alloc(4), Buffer.from('0000000049454e44ae426082', 'hex')]);
}

describe('drawablePng', () => {
  it('accepts real PNGs, with and without alpha', async () => {
    expect(await drawablePng(solidPng(16, 8, [1, 2, 3, 4]))).toBe(true);
    expect(await drawablePng(solidPng(16, 8, [1, 2, 3, 4], false))).toBe(true);
  });

  it('refuses what pdfkit would throw on where nothing catches it', async () => {
    const png = solidPng(4, 2, [1, 2, 3, 4]);
    expect(await drawablePng(withData(png, Buffer.from('not zlib data')))).toBe(false);
    const badFilter = Buffer.alloc(2 * (1 + 16), 0);
    badFilter[0] = 9;
    expect(await drawablePng(withData(png, deflateSync(badFilter)))).toBe(false);
    expect(await drawablePng(withData(png, deflateSync(Buffer.alloc(1024 * 1024))))).toBe(false); // inflates past the image
  });

  it('refuses non-PNGs, truncated files, interlaced and oversized images', async () => {
    expect(await drawablePng(Buffer.from('GIF89a'))).toBe(false);
    const png = solidPng(4, 2, [1, 2, 3, 4]);
    expect(await drawablePng(png.subarray(0, 40))).toBe(false);
    const interlaced = Buffer.from(png);
    interlaced[8 + 8 + 12] = 1;
    expect(await drawablePng(interlaced)).toBe(false);
    const huge = Buffer.from(png);
    huge.writeUInt32BE(Math.ceil(Math.sqrt(MAX_DECODED_PNG_BYTES)), 16);
    huge.writeUInt32BE(Math.ceil(Math.sqrt(MAX_DECODED_PNG_BYTES)), 20);
    expect(await drawablePng(huge)).toBe(false);
  });
});
