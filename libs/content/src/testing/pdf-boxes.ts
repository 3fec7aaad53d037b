import { readInNode } from './pdf-text';

/** A rectangle on a page, in points from its top left corner. */
export interface PageBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The text, or `image`. */
  what: string;
}

/** What a PDF draws on each page, as pdf.js reads it: its text runs and its images. */
export interface PdfPageBoxes {
  width: number;
  height: number;
  texts: PageBox[];
  images: PageBox[];
}

// pdf.js (pdfjs-dist, pdf-parse's) is an ES module with a worker: it runs in a plain Node process.
// Images are the unit square under the current transform where the operator list paints them;
// a text run spans its width, from a fifth of its height under the baseline to four fifths over it.
const SCRIPT = `
(async () => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const doc = await pdfjs.getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
  const { OPS } = pdfjs;
  const times = (m, n) => [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3], m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [, , width, height] = page.view;
    const box = (ctm, what) => {
      const xs = [ctm[4], ctm[4] + ctm[0], ctm[4] + ctm[2], ctm[4] + ctm[0] + ctm[2]];
      const ys = [ctm[5], ctm[5] + ctm[1], ctm[5] + ctm[3], ctm[5] + ctm[1] + ctm[3]];
      return { x: Math.min(...xs), y: height - Math.max(...ys), width: Math.max(...xs) - Math.min(...xs),
        height: Math.max(...ys) - Math.min(...ys), what };
    };
    const images = [];
    const stack = [];
    let ctm = [1, 0, 0, 1, 0, 0];
    const list = await page.getOperatorList();
    list.fnArray.forEach((fn, i) => {
      const args = list.argsArray[i];
      if (fn === OPS.save) stack.push(ctm);
      else if (fn === OPS.restore) ctm = stack.pop() || ctm;
      else if (fn === OPS.transform) ctm = times(ctm, args);
      else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject)
        images.push(box(ctm, 'image'));
      else if (fn === OPS.paintImageXObjectRepeat) {
        const [, scaleX, scaleY, positions] = args;
        for (let p = 0; p < positions.length; p += 2)
          images.push(box(times(ctm, [scaleX, 0, 0, scaleY, positions[p], positions[p + 1]]), 'image'));
      }
    });
    const content = await page.getTextContent();
    const texts = content.items
      .filter((item) => typeof item.str === 'string' && item.str.trim() !== '' && item.width > 0)
      .map((item) => {
        const [, , , , x, baseline] = item.transform;
        return { x, y: height - baseline - item.height * 0.8, width: item.width, height: item.height, what: item.str };
      });
    pages.push({ width, height, texts, images });
  }
  process.stdout.write(JSON.stringify(pages));
})().catch((error) => {
  process.stderr.write(String((error && error.stack) || error));
  process.exitCode = 1;
});`;

/** The text runs and images of each page of `pdf`, where pdf.js finds them. */
export function pdfBoxes(pdf: Buffer): Promise<PdfPageBoxes[]> {
  return readInNode<PdfPageBoxes[]>('pdf.js', SCRIPT, pdf);
}

/** Two boxes share more than `tolerance` points both ways. */
const overlap = (a: PageBox, b: PageBox, tolerance: number) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > tolerance &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > tolerance;

/**
 * What is drawn over what on each page: images over images or text, text over text (runs of one
 * line touch: `tolerance` points are allowed), and anything past the page's edges. Empty when the
 * layout is clean.
 */
export function layoutFaults(pages: readonly PdfPageBoxes[], tolerance = 0.5): string[] {
  const faults: string[] = [];
  const name = (box: PageBox) =>
    `${box.what.slice(0, 30)} at ${box.x.toFixed(1)},${box.y.toFixed(1)} ${box.width.toFixed(1)}x${box.height.toFixed(1)}`;
  pages.forEach((page, n) => {
    const all = [...page.images, ...page.texts];
    for (const box of all) {
      if (
        box.x < -tolerance ||
        box.y < -tolerance ||
        box.x + box.width > page.width + tolerance ||
        box.y + box.height > page.height + tolerance
      )
        faults.push(`page ${n + 1}: ${name(box)} leaves the page`);
    }
    for (let i = 0; i < page.images.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        if (overlap(page.images[i]!, all[j]!, tolerance)) faults.push(`page ${n + 1}: ${name(page.images[i]!)} under ${name(all[j]!)}`);
      }
    }
    const texts = [...page.texts].sort((a, b) => a.y - b.y);
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length && texts[j]!.y < texts[i]!.y + texts[i]!.height; j++) {
        if (overlap(texts[i]!, texts[j]!, tolerance)) faults.push(`page ${n + 1}: ${name(texts[i]!)} under ${name(texts[j]!)}`);
      }
    }
  });
  return faults;
}
