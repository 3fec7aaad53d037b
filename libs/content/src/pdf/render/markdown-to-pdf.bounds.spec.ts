import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { pdfText } from '../../testing/pdf-text';
import { PDF_LIMITS, PdfBox, PdfLimits, PdfPage, printable, renderPdf } from './markdown-to-pdf';
import { drawnBoxFaults } from '../../testing/drawn-boxes';
import { PDF_BUDGET_MS } from './pdf-limits';

/**
 * Hostile markdown (DESIGN.md, "Bounded work"): drawing is linear in its input and bounded by
 * PDF_LIMITS, and past a limit the PDF says what it left out. Time bounds are in CPU time, far above
 * what each case costs (stated per test) and far below what the quadratic cases took; the tests
 * themselves take as long as the machine needs (jest's guard against a hang is the only limit).
 */
const page = (id: string, title: string, markdown: string | null): PdfPage => ({ id, title, description: '', depth: 0, markdown });
/** No time limit inside the writer, so a test of linearity is not cut short by a busy machine. */
const UNTIMED: PdfLimits = { ...PDF_LIMITS, drawMs: 600_000 };

/** The PDF of these pages, titled T, without images. */
const pdfOf = async (pages: PdfPage[], limits: PdfLimits, clock?: () => number) =>
  Buffer.from(await renderPdf({ title: 'T', pages, images: new Map() }, limits, clock));

/**
 * The PDF of one hostile page, and the CPU milliseconds drawing it cost this process: what the work
 * costs, which other processes on a busy machine do not inflate the way they stretch wall time.
 */
async function timed(markdown: string, limits: PdfLimits = UNTIMED, onBox?: (box: PdfBox) => void): Promise<{ pdf: Buffer; ms: number }> {
  const started = process.cpuUsage();
  const pdf = Buffer.from(
    await renderPdf({ title: 'T', pages: [page('p', 'Hostile', markdown)], images: new Map() }, limits, undefined, onBox),
  );
  const { user, system } = process.cpuUsage(started);
  return { pdf, ms: (user + system) / 1000 };
}

describe('renderPdf on hostile markdown', () => {
  it('draws a 1 MiB word whole, in linear time (about 3 s; it ran out of heap after 15 minutes)', async () => {
    const { pdf, ms } = await timed('a'.repeat(1024 * 1024));
    expect(ms).toBeLessThan(20_000);
    const { text, pages } = await pdfText(pdf);
    expect(text.match(/a/g)).toHaveLength(1024 * 1024); // every character, whatever the line breaks
    expect(pages).toBeGreaterThan(100);
  });

  it('draws a 20,000-character word in under 10 s (it took 25 s and 950 MB)', async () => {
    const { pdf, ms } = await timed(`before ${'w'.repeat(20_000)} after`);
    expect(ms).toBeLessThan(10_000); // about 1 s
    const { text } = await pdfText(pdf);
    expect(text.match(/w/g)).toHaveLength(20_000);
    expect(text).toMatch(/before[\s\S]*after/);
  });

  it('cuts long words in code with a break the monospace face draws as nothing (no .notdef box)', async () => {
    const { pdf } = await timed(`Inline \`${'c'.repeat(700)}\` code.\n\n\`\`\`\n${'x'.repeat(1000)}\n\`\`\``);
    const { text } = await pdfText(pdf);
    expect(text).not.toContain('\u0000'); // what the .notdef glyph extracts as
    expect(text.match(/c/g)).toHaveLength(701); // and the one of "code."
    expect(text.match(/x/g)).toHaveLength(1000);
  });

  it('keeps a few combining marks in a row, so a stack of a million is one short line', async () => {
    expect(printable(`a${'\u0301'.repeat(20)}b`)).toBe(`a${'\u0301'.repeat(PDF_LIMITS.marksInARow)}b`);
    expect(printable(`x${'\u200c'.repeat(20)}\u0301y`)).toBe(`x${'\u200c'.repeat(PDF_LIMITS.marksInARow)}y`);
    const { ms } = await timed(`a${'\u0301'.repeat(1024 * 1024)}`);
    expect(ms).toBeLessThan(10_000); // about 0.5 s; 19 s and 1.4 GB before
  });

  it('draws a very long link target as text (pdfkit repeats it in every line’s annotation)', async () => {
    const url = `https://example.com/${'a'.repeat(40_000)}`;
    const { pdf } = await timed(`<${url}>`);
    expect(pdf.length).toBeLessThan(200_000); // 22 MB when it was a link
    expect(pdf.toString('latin1')).not.toMatch(/\/URI/);
    const { pdf: short } = await timed('<https://example.com/short>');
    expect(short.toString('latin1')).toMatch(/\/URI \(https:\/\/example\.com\/short\)/);
  });
});

describe('renderPdf past its limits says what it left out', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => `- item ${i}`).join('\n');

  /** The text of the PDF of these pages, each run of white space as one space. */
  const textOf = async (pages: PdfPage[], limits: PdfLimits, clock?: () => number) =>
    (await pdfText(await pdfOf(pages, limits, clock))).text.replace(/\s+/g, ' ');

  it('stops drawing elements at the element limit, and leaves the next bodies out', async () => {
    const text = await textOf([page('a', 'Many', items(100)), page('b', 'Next', 'next body')], { ...UNTIMED, elements: 20 });
    expect(text).toContain('item 18');
    expect(text).not.toContain('item 20');
    expect(text).toContain("(The rest of this page was left out: the export's limit of 20 drawn elements was reached.)");
    expect(text).toContain('Next'); // the title stays, and the outline
    expect(text).not.toContain('next body');
    expect(text).toContain("(Page body left out: the export's limit of 20 drawn elements was reached.)");
  });

  it('stops at the output limit, leaving the next pages out', async () => {
    // pdfkit writes a sheet when the next one starts: the first sheets of the list pass 4 KB.
    const text = await textOf([page('a', 'First', items(1000)), page('b', 'Second', 'b')], { ...UNTIMED, outputBytes: 4096 });
    expect(text).toContain('First • item 0 • item 1');
    expect(text).not.toContain('item 999');
    expect(text).toContain("(The rest of this page was left out: the PDF reached the export's limit of 4 KiB.)");
    expect(text).toContain("(The rest of the export was left out: the PDF reached the export's limit of 4 KiB.)");
    // Listed in the contents with no page number, and not drawn.
    expect(text).toContain('Contents First 3 Second -');
    expect(text.match(/Second/g)).toHaveLength(1);
  });

  it('stops a table at the element and the time limits, with one note', async () => {
    const table = `| name | value |\n| - | - |\n${Array.from({ length: 1000 }, (_, i) => `| r${i} | v${i} |`).join('\n')}`;
    const pages = [page('a', 'Table', table), page('b', 'Later', 'later body')];
    const cells = await textOf(pages, { ...UNTIMED, elements: 20 }); // the header and 9 rows, 2 cells each
    expect(cells).toContain('r8 v8');
    expect(cells).not.toContain('r9 ');
    expect(cells.match(/The rest of this page was left out: the export's limit of 20 drawn elements was reached/g)).toHaveLength(1);
    expect(cells).toContain("(Page body left out: the export's limit of 20 drawn elements was reached.)");
    // The clock is read before each of the table's tokens, then at each row it draws: it stands still
    // over the tokens, then moves 1 ms a reading, so the limit passes after a few rows.
    const tokens = new MarkdownIt().parse(table, {}).length;
    let readings = 0;
    const clock = () => Math.max(++readings - tokens - 4, 0);
    const timed = await textOf(pages, { ...PDF_LIMITS, drawMs: 5 }, clock);
    expect(timed).toContain('r0 v0');
    expect(timed).not.toContain('r999');
    expect(timed.match(/The rest of this page was left out: drawing the export took longer than its limit/g)).toHaveLength(1);
    expect(timed).toMatch(/Page body left out: drawing the export took longer than its limit/);
  });

  it('stops at the time limit, within a long paragraph too, with one note', async () => {
    // A clock that moves 1 ms each time it is read: the limit passes after the paragraph's first slices.
    let now = 0;
    const clock = () => now++;
    const words = Array.from({ length: 40_000 }, (_, i) => `w${i}`).join(' '); // 270 KB: 17 slices
    const pages = [page('a', 'Slow', `${words}\n\nsecond paragraph`), page('b', 'Later', 'later body')];
    const text = await textOf(pages, { ...PDF_LIMITS, drawMs: 5 }, clock);
    expect(text).toContain('w0 w1 w2');
    expect(text).not.toContain('w39999');
    expect(text).not.toContain('second paragraph');
    expect(text.match(/The rest of this page was left out: drawing the export took longer than its limit/g)).toHaveLength(1);
    expect(text).toContain('Later');
    expect(text).toMatch(/Page body left out: drawing the export took longer than its limit/);
  });
});

/** Pieces of markdown that once were, or could be, slow to parse or draw; n is a size. */
const HOSTILE: Record<string, (n: number) => string> = {
  word: (n) => 'x'.repeat(n),
  astral: (n) => '😀'.repeat(n),
  cjk: (n) => '漢'.repeat(n),
  marks: (n) => `a${'\u0301'.repeat(n)}`,
  invisible: (n) => `a${'\u200c\u200d\u2060'.repeat(n)}`,
  quotes: (n) => `${'>'.repeat(n)} text`,
  lists: (n) => Array.from({ length: Math.min(n, 400) }, (_, i) => `${'  '.repeat(i)}- i`).join('\n'),
  emphasis: (n) => '*a'.repeat(n),
  strong: (n) => `${'**'.repeat(n)}a`,
  brackets: (n) => `${'['.repeat(n)}a${']'.repeat(n)}(x)`,
  images: (n) => '!['.repeat(n),
  references: (n) => `${'[a]'.repeat(n)}\n\n[a]: https://example.com`,
  backticks: (n) => '`a``'.repeat(n),
  links: (n) => '[a](https://example.com) '.repeat(n),
  autolink: (n) => `<https://example.com/${'a'.repeat(n)}>`,
  table: (n) => `${'|a'.repeat(n)}\n${'|-'.repeat(n)}\n${'|b'.repeat(n)}`,
  rows: (n) => `|a|b|\n|-|-|\n${'|c|d|\n'.repeat(n)}`,
  headings: (n) => '# h\n'.repeat(n),
  items: (n) => '- i\n'.repeat(n),
  entities: (n) => '&amp;&#x301;'.repeat(n),
  fence: (n) => `\`\`\`\n${'y'.repeat(n)}\n\`\`\``,
  html: (n) => '<div>'.repeat(n),
  breaks: (n) => 'a  \n'.repeat(n),
  tabs: (n) => `${'\t'.repeat(n)}a`,
  numbered: (n) => Array.from({ length: n }, (_, i) => `${i}. a`).join('\n'),
};

/**
 * Pages of many small blocks: their whole markdown is parsed, and pdfkit's fixed cost per element is
 * bounded by the element limit and, whatever an element costs, by the drawing time limit (both
 * proven above). Drawn here up to a tenth of the element limit (each element costs about 0.1 ms:
 * the e2e suite once drew these whole through the server, 38 s of a test run), they stay far within
 * the work thread's budget, in CPU time.
 */
describe('renderPdf on pages of many small blocks', () => {
  const TENTH: PdfLimits = { ...UNTIMED, elements: PDF_LIMITS.elements / 10 };

  it('draws 100,000 list items up to the element limit, and says where it stopped', async () => {
    const items = Array.from({ length: 100_000 }, (_, i) => `- i${i}`).join('\n'); // 888 KB: a page holds 1 MiB
    const { pdf, ms } = await timed(items, TENTH);
    expect(ms).toBeLessThan(PDF_BUDGET_MS / 2); // about 2 s
    const text = (await pdfText(pdf)).text.replace(/\s+/g, ' ');
    expect(text).toMatch(/• i0 • i1 /);
    expect(text).toContain('i4998');
    expect(text).not.toContain('i5000');
    expect(text).toContain("(The rest of this page was left out: the export's limit of 5,000 drawn elements was reached.)");
  });

  it('draws 100,000 headings and 10,000 links within the bound', async () => {
    const headings = await timed('# h\n'.repeat(100_000), TENTH);
    expect(headings.ms).toBeLessThan(PDF_BUDGET_MS / 2); // about 1 s
    expect((await pdfText(headings.pdf)).text).toContain('h');
    const links = await timed(Array.from({ length: 10_000 }, (_, i) => `[link ${i}](https://example.com/${i})`).join(' '), TENTH);
    expect(links.ms).toBeLessThan(PDF_BUDGET_MS / 2); // about 1 s
    expect((await pdfText(links.pdf)).text).toContain('link 0');
  });
});

describe('renderPdf on generated hostile markdown', () => {
  it('draws any mix of hostile pieces within the work budget (each about 1 s)', async () => {
    let slowest = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...Object.keys(HOSTILE)), fc.integer({ min: 1, max: 5_000 })), { minLength: 1, maxLength: 3 }),
        async (pieces) => {
          const markdown = pieces.map(([name, n]) => HOSTILE[name]!(n)).join('\n\n');
          const boxes: PdfBox[] = [];
          const { pdf, ms } = await timed(markdown, PDF_LIMITS, (box) => boxes.push(box));
          slowest = Math.max(slowest, ms);
          expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
          expect(ms).toBeLessThan(PDF_BUDGET_MS);
          // However hostile, nothing is drawn over anything else or past the margins, and no sheet is empty.
          expect(drawnBoxFaults(pdf, boxes)).toEqual({ overlapping: [], outside: [], emptySheets: [] });
        },
      ),
      { numRuns: 25 },
    );
    expect(slowest).toBeGreaterThan(0);
  });
});
