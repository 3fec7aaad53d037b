import { outlineTitles, pdfText, solidPng } from '../../testing/pdf-text';
import { fileIdOf, imageFileIds, PdfPage, printable, renderPdf } from './markdown-to-pdf';

const PNG = solidPng(16, 8, [200, 40, 40, 128]);
/** A PNG header (what image-size reads) whose pixel data is junk: pdfkit would throw from a zlib callback. */
const CORRUPT_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000100000000808060000003ff7b9490000000d' +
    '4944415478da63f8cfc0f01f000501020028d1a8e30000000049454e44ae426082',
  'hex',
);

async function bytesOf(pdf: Promise<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await pdf);
}

const page = (id: string, title: string, markdown: string | null, depth = 0, description = ''): PdfPage => ({
  id,
  title,
  description,
  depth,
  markdown,
});

const GUIDE = [
  '# Guide',
  '',
  'An **introduction** with *emphasis*, `inline code` and a [link](https://example.com).',
  '',
  '## Install',
  '',
  '- first bullet',
  '- second bullet',
  '  1. nested one',
  '  2. nested two',
  '',
  '3. third step',
  '4. fourth step',
  '',
  '```ts',
  'const answer = 42;',
  'console.log(answer);',
  '```',
  '',
  '> Quoted advice',
  '',
  '| Name | Value |',
  '| ---- | ----- |',
  '| alpha | one |',
  '',
  '---',
  '',
  '![Diagram](/files/file_png) ![Remote](https://example.com/x.png) ![Unknown](/files/nope) ![Broken](/files/corrupt)',
  '',
  '![Again](/files/file_png)',
].join('\n');

describe('renderPdf', () => {
  it('draws titles, headings, paragraphs, lists, code, quotes, tables and images, with an outline of the page titles', async () => {
    const pdf = await bytesOf(
      renderPdf({
        title: 'Handbook',
        pages: [
          page('p1', 'Guide', GUIDE, 0, 'How to begin'),
          page('p2', 'Child page', 'Child body text.', 1),
          page('p3', 'Grandchild', 'Deep text.', 2),
          page('p4', 'Second top', 'Second body.', 0),
        ],
        images: new Map([
          ['file_png', PNG],
          ['corrupt', CORRUPT_PNG],
        ]),
      }),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages, outline } = await pdfText(pdf);
    expect(pages).toBeGreaterThanOrEqual(4);
    for (const expected of [
      'Guide',
      'How to begin',
      'introduction',
      'emphasis',
      'inline code',
      'link',
      'Install',
      'first bullet',
      'second bullet',
      '1. nested one',
      '2. nested two',
      '3. third step',
      '4. fourth step',
      'const answer = 42;',
      'console.log(answer);',
      'Quoted advice',
      'alpha',
      'one',
      '[image: Remote]',
      '[image: Unknown]',
      '[image: Broken]',
      'Child body text.',
      'Deep text.',
      'Second body.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('[image: Diagram]'); // drawn, twice, embedded once
    expect(text).not.toContain('[image: Again]');
    // One image and its alpha mask.
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
    expect(pdf.toString('latin1').match(/\/SMask/g)).toHaveLength(1);
    // In the contents, then as the title: the body's opening "# Guide" is the title, drawn once.
    expect(text.match(/Guide/g)).toHaveLength(2);
    expect(text).toMatch(/Contents\s+Guide\s+3\s+Child page\s+\d+\s+Grandchild\s+\d+\s+Second top\s+\d+/);
    expect(outlineTitles(outline)).toEqual(['Guide', '  Child page', '    Grandchild', 'Second top']);
  });

  it('stands a note for pages past the markdown limit, and for a content without pages', async () => {
    const cut = await pdfText(
      await bytesOf(renderPdf({ title: 'T', pages: [page('a', 'Kept', 'kept body'), page('b', 'Cut', null)], images: new Map() })),
    );
    expect(cut.text).toContain('kept body');
    expect(cut.text).toMatch(/Page body left out/);
    expect(outlineTitles(cut.outline)).toEqual(['Kept', 'Cut']);
    const empty = await pdfText(await bytesOf(renderPdf({ title: 'T', pages: [], images: new Map() })));
    expect(empty.text).toContain('This content has no pages.');
  });

  it('writes characters the fonts lack as ?, and survives odd markdown', async () => {
    const odd = [
      '![](/files/x)',
      '',
      'Café — “quoted” → 日本 😀',
      '',
      '- ',
      '-',
      '',
      '<div>html</div>',
      '',
      '1. ```',
      '   code in item',
      '   ```',
      '',
      '```',
      'unclosed',
    ].join('\n');
    const { text } = await pdfText(
      await bytesOf(
        renderPdf({ title: 'Odd 日本', pages: [page('a', 'Odd ☃', odd)], images: new Map([['x', Buffer.from('not an image')]]) }),
      ),
    );
    expect(text).toContain('Café — “quoted” → ?? 😀'); // DejaVu draws this emoji, not CJK
    expect(text).toContain('Odd ☃');
    expect(text).toContain('code in item');
    expect(text).toContain('[image]');
    expect(text).toContain('<div>html</div>');
    expect(text).toContain('unclosed');
  });
});

describe('file references', () => {
  it('names files by /files/<id>, never external URLs', () => {
    expect(fileIdOf('/files/abc_1')).toBe('abc_1');
    expect(fileIdOf('./files/abc')).toBe('abc');
    expect(fileIdOf('../files/abc?x=1')).toBe('abc');
    expect(fileIdOf('https://example.com/files/abc')).toBeNull();
    expect(fileIdOf('//evil.test/files/abc')).toBeNull();
    expect(fileIdOf('/files/../secret')).toBeNull();
    expect(imageFileIds('![a](/files/one) [link](/files/two) ![b](/files/one) ![c](http://x/files/three)')).toEqual(['one']);
  });

  it('keeps what the font draws, leaves out control characters, writes ? for the rest', () => {
    const latin1Only = (code: number) => code < 0x100;
    expect(printable('a\tbü\u0001☃\u200bc', latin1Only)).toBe('a    bü?c');
    expect(printable('Zażółć ☃ 漢\u0007')).toBe('Zażółć ☃ 漢');
  });

  it('writes the accents of every Latin script, Greek and Cyrillic in the text, the outline and the title; CJK as ?', async () => {
    const lines = ['Zażółć gęślą jaźń, Příliš žluťoučký kůň, Şişli, Tiếng Việt', 'Καλημέρα κόσμε', 'Привет, мир', 'Arrows → ≤ ≥ and 漢字'];
    const pdf = await bytesOf(
      renderPdf({
        title: 'Łódź — Ελληνικά',
        pages: [
          page(
            'p1',
            'Überblick: Ελληνικά και Русский',
            `# Заголовок\n\n${lines.join('\n\n')}\n\n**Gras: ĞŞİ** *Kursiv: ŒœŸ*\n\n\`\`\`\nконстанта = 1; // ł\n\`\`\``,
          ),
        ],
        images: new Map(),
      }),
    );
    const { text, outline } = await pdfText(pdf);
    for (const expected of [...lines.slice(0, 3), 'Arrows → ≤ ≥ and ??', 'Заголовок', 'Gras: ĞŞİ', 'Kursiv: ŒœŸ', 'константа = 1; // ł']) {
      expect(text.replace(/\s+/g, ' ')).toContain(expected);
    }
    expect(outlineTitles(outline)).toEqual(['Überblick: Ελληνικά και Русский']);
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/); // embedded (subset) TrueType, no standard font
  });
});
