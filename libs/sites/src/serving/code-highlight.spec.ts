import fc from 'fast-check';
import { load } from 'cheerio';
import { hasFencedCode, highlightBudget, highlightCode, languageOf, MAX_BLOCK_CHARS, MAX_PAGE_CHARS } from './code-highlight';
import { renderPage } from './page-html';

const links = {
  pages: new Set(['p1']),
  byPath: new Map([['intro', 'p1']]),
  paths: new Map([['p1', 'intro']]),
  withChildren: new Set<string>(),
  firstPage: 'p1',
  files: new Set<string>(),
  fileNames: new Map<string, string>(),
};
const render = (markdown: string) => renderPage({ markdown, pageId: 'p1', links, base: '/sites/o/docs' });
/** The text a `<code>` element's HTML shows. */
const textOf = (html: string) => load(`<code>${html}</code>`)('code').text();

describe('code highlighting on served pages', () => {
  it('highlights a language highlight.js knows (by name or alias), and leaves an unknown one as escaped text', () => {
    expect(languageOf('js')).toBe('js');
    expect(languageOf('TypeScript title="x"')).toBe('typescript');
    expect(languageOf('no-such-language')).toBeNull();
    expect(languageOf('')).toBeNull();
    const budget = highlightBudget();
    expect(highlightCode('const a = "<b>";', 'js', budget)).toContain('<span class="hljs-keyword">const</span>');
    expect(highlightCode('const a = "<b>";', null, budget)).toBe('const a = &quot;&lt;b&gt;&quot;;');
  });

  it('shows a block past the cap as plain text, and spends nothing on it', () => {
    const huge = 'let x = 1;\n'.repeat(Math.ceil((MAX_BLOCK_CHARS + 1) / 11));
    const budget = highlightBudget();
    const started = performance.now();
    const html = highlightCode(huge, 'javascript', budget);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(html).not.toContain('<span');
    expect(textOf(html)).toBe(huge);
    expect(budget.left).toBe(MAX_PAGE_CHARS);
    expect(highlightCode(huge.slice(0, MAX_BLOCK_CHARS), 'javascript', budget)).toContain('<span');
  });

  it("stops highlighting a page's blocks once the page's budget is spent", () => {
    const block = `\`\`\`js\n${'let x = 1;\n'.repeat(Math.floor(MAX_BLOCK_CHARS / 11))}\`\`\``;
    const blocks = Math.ceil(MAX_PAGE_CHARS / MAX_BLOCK_CHARS) + 1;
    const $ = load(render(Array.from({ length: blocks }, () => block).join('\n\n')).html);
    const highlighted = $('div.code code')
      .toArray()
      .map((code) => $(code).find('span').length > 0);
    expect(highlighted).toEqual([...Array(blocks - 1).fill(true), false]);
    // Each page starts with a whole budget.
    expect(load(render(block).html)('div.code code span').length).toBeGreaterThan(0);
  });

  it('renders a fence as a box of highlighted code with its language, and a titled code block with its caption', () => {
    const $ = load(render('{% code title="app.ts" %}\n\n```ts\nconst a: number = 1;\n```\n\n{% endcode %}\n\n```nope\n<b>\n```').html);
    expect($('figure.code-block > figcaption').text()).toBe('app.ts');
    expect($('figure.code-block div.code pre code').attr('class')).toBe('hljs language-ts');
    expect($('figure.code-block code .hljs-keyword').first().text()).toBe('const');
    expect($('div.code').last().find('code').attr('class')).toBe('language-nope');
    expect($('div.code').last().find('code').html()).toBe('&lt;b&gt;\n');
  });

  it('keeps the text of any code, in any language, exactly (property)', () => {
    const language = fc.constantFrom('js', 'json', 'xml', 'bash', 'python', 'sql', 'markdown', 'unknown');
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), language, (code, name) => {
        expect(textOf(highlightCode(code, languageOf(name), highlightBudget()))).toBe(code);
      }),
      { numRuns: 200 },
    );
  });

  it('tells pages with fenced code (which render in a work thread) from others', () => {
    expect(hasFencedCode('text\n\n```js\nx\n```')).toBe(true);
    expect(hasFencedCode('text\n   ~~~\nx\n~~~')).toBe(true);
    expect(hasFencedCode('inline `code` and ``more``')).toBe(false);
  });
});
