import { execFile } from 'node:child_process';
import { deflateSync } from 'node:zlib';

/** What a PDF says: its text (pages in order), its page count and its outline (bookmark titles, nested). */
export interface PdfText {
  text: string;
  pages: number;
  outline: OutlineItem[];
}

export interface OutlineItem {
  title: string;
  items: OutlineItem[];
}

// pdf-parse (pdf.js) loads its worker with a dynamic import, which jest's module system refuses:
// the PDF is read by a plain Node process instead.
const SCRIPT = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo();
    const items = (nodes) => (nodes || []).map((node) => ({ title: node.title, items: items(node.items) }));
    process.stdout.write(JSON.stringify({ text: text.text, pages: text.total, outline: items(info.outline) }));
  } catch (error) {
    process.stderr.write(String(error && error.stack || error));
    process.exitCode = 1;
  } finally {
    await parser.destroy();
  }
});`;

/** Extracts the text and outline of `pdf` with pdf-parse; rejects when it is not a readable PDF. */
export function pdfText(pdf: Buffer): Promise<PdfText> {
  return readInNode<PdfText>('pdf-parse', SCRIPT, pdf);
}

/** What `script`, run by a plain Node process with `pdf` on its standard input, writes as JSON. */
export function readInNode<T>(reader: string, script: string, pdf: Buffer): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['-e', script],
      { cwd: process.cwd(), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${reader} failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as T);
      },
    );
    child.stdin!.end(pdf);
  });
}

/** The outline's titles, depth first, indented by two spaces a level. */
export function outlineTitles(items: OutlineItem[], depth = 0): string[] {
  return items.flatMap((item) => [`${'  '.repeat(depth)}${item.title}`, ...outlineTitles(item.items, depth + 1)]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real PNG of one colour, `width`×`height`, RGBA (decoded by pdfkit) or RGB (embedded as it is). */
export function solidPng(width: number, height: number, rgba: [number, number, number, number], alpha = true): Buffer {
  const channels = alpha ? 4 : 3;
  const row = Buffer.alloc(1 + width * channels);
  for (let x = 0; x < width; x++) for (let c = 0; c < channels; c++) row[1 + x * channels + c] = rgba[c]!;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = alpha ? 6 : 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
