import fc from 'fast-check';
import { load } from 'cheerio';
import { highlightBudget, highlightCode, INLINE_CHARS, languageOf, MAX_BLOCK_CHARS, MAX_PAGE_CHARS } from './code-highlight';
import { renderPage } from './page-html';
import { withCpuTime } from '@docs/kernel/testing';

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
    const { result: html, cpuMs } = withCpuTime(() => highlightCode(huge, 'javascript', budget));
    expect(cpuMs).toBeLessThan(1000);
    expect(html).not.toContain('<span');
    expect(textOf(html)).toBe(huge);
    expect(budget.left).toBe(MAX_PAGE_CHARS);
    expect(highlightCode(huge.slice(0, MAX_BLOCK_CHARS), 'javascript', budget)).toContain('<span');
  });

  it("stops highlighting a page's blocks once the page's budget is spent", () => {
    // A budget of 100 characters (MAX_PAGE_CHARS by default) and blocks of 40: the third goes plain.
    const block = `\`\`\`js\n${'let x = 1;\n'.repeat(4).slice(0, 39)}\n\`\`\``;
    const page = (chars?: number) => renderPage({ markdown: [block, block, block].join('\n\n'), pageId: 'p1', links, base: '' }, chars);
    const highlighted = (html: string) => {
      const $ = load(html);
      return $('div.code code')
        .toArray()
        .map((code) => $(code).find('span').length > 0);
    };
    expect(highlighted(page(100).html)).toEqual([true, true, false]);
    expect(highlighted(page().html)).toEqual([true, true, true]);
    expect(highlightBudget()).toEqual({ left: MAX_PAGE_CHARS, cut: false });
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

  it('says when a rendering left code plain for want of budget (on the event loop: the page renders again in a work thread)', () => {
    const block = (chars: number) => `\`\`\`js\n${'x'.repeat(chars - 1)}\n\`\`\``;
    const within = (markdown: string, chars: number) => renderPage({ markdown, pageId: 'p1', links, base: '' }, chars);
    expect(render(block(INLINE_CHARS)).highlightCut).toBeUndefined();
    expect(within(block(INLINE_CHARS), INLINE_CHARS).highlightCut).toBeUndefined();
    expect(within(`${block(INLINE_CHARS)}\n\n${block(2)}`, INLINE_CHARS).highlightCut).toBe(true);
    // Unknown languages and blocks past the block cap are plain whatever the budget: no cut.
    expect(within('```klingon\nx\n```', 0).highlightCut).toBeUndefined();
    expect(render(block(MAX_BLOCK_CHARS + 1)).highlightCut).toBeUndefined();
  });
});
