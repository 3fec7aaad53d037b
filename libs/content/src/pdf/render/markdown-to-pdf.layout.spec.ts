import fc from 'fast-check';
import { pdfText, solidPng } from '../../testing/pdf-text';
import { layoutFaults, pdfBoxes } from '../../testing/pdf-boxes';
import { drawnBoxFaults, SHEET, sheetsOf } from '../../testing/drawn-boxes';
import { PdfBox, PdfInput, PdfPage, renderPdf } from './markdown-to-pdf';

const page = (id: string, title: string, markdown: string, depth = 0): PdfPage => ({ id, title, description: '', depth, markdown });

/** The PDF of `input` and every box the renderer drew. */
async function laidOut(input: PdfInput): Promise<{ pdf: Buffer; boxes: PdfBox[] }> {
  const boxes: PdfBox[] = [];
  const pdf = Buffer.from(await renderPdf(input, undefined, undefined, (box) => boxes.push(box)));
  return { pdf, boxes };
}

/** No box over another, none past the margins, and every sheet of the PDF holds something; answers the number of sheets. */
function expectClean(pdf: Buffer, boxes: readonly PdfBox[]): number {
  expect(drawnBoxFaults(pdf, boxes)).toEqual({ overlapping: [], outside: [], emptySheets: [] });
  return sheetsOf(pdf);
}

const WIDE = solidPng(400, 120, [30, 120, 200, 255]);
const TALL = solidPng(300, 500, [200, 80, 40, 255], false);

/** What a new user writes: images by name and by id, three in a row, a table, code, text after each. */
const HANDBOOK = [
  '# Handbook',
  '',
  'The diagram, by its name:',
  '',
  '![Diagram](./diagram.png)',
  '',
  '| Setting | Default | Meaning |',
  '| ------- | ------- | ------- |',
  '| `port` | 8080 | The port the server listens on, which a long cell wraps within its column. |',
  '| `host` | 127.0.0.1 | Where it listens. |',
  '',
  'A paragraph right after the table.',
  '',
  '```ts',
  'const server = listen({ port: 8080 });',
  'server.on("ready", () => console.log("ready"));',
  '```',
  '',
  '![One](/files/wide) ![Two](/files/wide) ![Three](/files/tall)',
  '',
  'Text after three images in a row. See the [other page](./other.md).',
].join('\n');

const links = {
  pages: new Set(['p1', 'p2']),
  byPath: new Map([
    ['handbook', 'p1'],
    ['other', 'p2'],
  ]),
  paths: new Map([
    ['p1', 'handbook'],
    ['p2', 'other'],
  ]),
  withChildren: new Set<string>(),
  firstPage: 'p1',
  files: new Set(['wide', 'tall']),
  fileNames: new Map([['diagram.png', 'wide']]),
};

describe('renderPdf layout', () => {
  it('draws images by name and by id below one another, tables, code and text, nothing over anything', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => `| row ${i} | ${'word '.repeat(i % 7)} | x |`).join('\n');
    const code = Array.from({ length: 120 }, (_, i) => `line ${i} of code`).join('\n');
    const { pdf, boxes } = await laidOut({
      title: 'Handbook',
      pages: [
        page('p1', 'Handbook', HANDBOOK),
        page('p2', 'Other', `| a | b |\n| - | - |\n${rows}\n\n\`\`\`\n${code}\n\`\`\`\n\nThe end.`, 1),
      ],
      images: new Map([
        ['wide', WIDE],
        ['tall', TALL],
      ]),
      links,
    });
    const sheets = expectClean(pdf, boxes);
    const kinds = (kind: PdfBox['kind']) => boxes.filter((box) => box.kind === kind);
    expect(kinds('image')).toHaveLength(4); // the diagram by name, and the three in a row
    expect(kinds('cell').length).toBeGreaterThan(3 * 3 + 2 * 81); // headers repeat on the sheets a table runs onto
    expect(new Set(kinds('code').map((box) => box.sheet)).size).toBeGreaterThan(1); // the long block breaks across sheets
    expect(kinds('cover')).toHaveLength(1);
    expect(kinds('contents')).toHaveLength(3); // the heading and a line a page
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(sheets);
    // What pdf.js reads back: the four images, and no image or text over another.
    const read = await pdfBoxes(pdf);
    expect(read.flatMap((p) => p.images)).toHaveLength(4);
    expect(layoutFaults(read)).toEqual([]);
    expect(text).not.toContain('[image');
    expect(text).toContain('line 119 of code');
    expect(text).toContain('row 79');
    expect(text).toMatch(/Handbook\s+3/); // the contents: the first page starts on the third sheet
    expect(sheets).toBeGreaterThan(4);
    // The contents link to the pages, and so does the link between pages.
    expect(pdf.toString('latin1').match(/\/S \/GoTo/g)!.length).toBeGreaterThanOrEqual(3);
  });

  it('leaves out an empty first page (a new space has one), and puts a tall image under its text on a new sheet', async () => {
    const { pdf, boxes } = await laidOut({
      title: 'One',
      pages: [page('empty', 'Untitled', ''), page('p1', 'One', `${'Some words. '.repeat(200)}\n\n![Tall](/files/tall)\n\nAfter.`)],
      images: new Map([['tall', TALL]]),
    });
    expect(expectClean(pdf, boxes)).toBe(2); // no cover for one page, no empty sheet
    const image = boxes.find((box) => box.kind === 'image')!;
    expect(image).toMatchObject({ sheet: 1, y: SHEET.margin });
    const after = boxes[boxes.length - 1]!;
    expect(after.y).toBeGreaterThanOrEqual(image.y + image.height); // the text after it goes below it
    const { text } = await pdfText(pdf);
    expect(text).not.toContain('Untitled');
    expect(text).toContain('After.');
  });
});

/** Markdown blocks, in any mix and order. */
const blocks = fc.oneof(
  fc.lorem({ maxCount: 80 }),
  fc.lorem({ maxCount: 6 }).map((words) => `## ${words}`),
  fc.array(fc.lorem({ maxCount: 12 }), { minLength: 1, maxLength: 8 }).map((items) => items.map((item) => `- ${item}`).join('\n')),
  fc
    .array(fc.string({ maxLength: 90 }), { minLength: 1, maxLength: 60 })
    .map((lines) => `\`\`\`\n${lines.join('\n').replace(/`/g, "'")}\n\`\`\``),
  fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 40 }), fc.lorem({ maxCount: 30 })).map(([columns, rows, words]) => {
    const cell = (r: number, c: number) =>
      words
        .split(' ')
        .slice(0, ((r + c) % 9) + 1)
        .join(' ') || 'x';
    const line = (r: number) => `| ${Array.from({ length: columns }, (_, c) => cell(r, c)).join(' | ')} |`;
    return [line(0), `|${' - |'.repeat(columns)}`, ...Array.from({ length: rows }, (_, r) => line(r + 1))].join('\n');
  }),
  fc.constantFrom(
    '![w](/files/wide)',
    '![t](/files/tall)',
    '![w](/files/wide) ![t](/files/tall) ![w](/files/wide)',
    '---',
    '> quoted words',
  ),
);

describe('renderPdf layout on generated markdown', () => {
  it('never draws a box over another, past the margins, or leaves a sheet empty', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(blocks, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 3 }), async (bodies) => {
        const { pdf, boxes } = await laidOut({
          title: 'Generated',
          pages: bodies.map((body, n) => page(`p${n}`, `Page ${n}`, body.join('\n\n'), n === 0 ? 0 : 1)),
          images: new Map([
            ['wide', WIDE],
            ['tall', TALL],
          ]),
        });
        expectClean(pdf, boxes);
      }),
      { numRuns: 12 },
    );
  });
});
