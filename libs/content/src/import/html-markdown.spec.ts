import fc from 'fast-check';
import { htmlToMarkdown } from './html-markdown';

const md = (html: string) => htmlToMarkdown().turndown(html).trim();

describe('htmlToMarkdown', () => {
  it('turns a table into a GFM table: first row the header, rows padded or cut to its width, pipes escaped', () => {
    const html =
      '<table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody>' +
      '<tr><td><strong>a</strong></td><td>1 | 2</td></tr><tr><td>only</td></tr><tr><td>x</td><td>y</td><td>z</td></tr></tbody></table>';
    expect(md(html)).toBe('| Name | Value |\n| --- | --- |\n| **a** | 1 \\| 2 |\n| only | |\n| x | y |');
  });

  it('takes the first row as the header when the table has no <thead>', () => {
    expect(md('<table><tr><td>A</td><td>B</td></tr><tr><td>c</td><td>d</td></tr></table>')).toBe('| A | B |\n| --- | --- |\n| c | d |');
  });

  it.each([
    ['<pre><code class="language-bash">npm i\n</code></pre>', 'bash'],
    ['<pre class="lang-python"><code>x = 1</code></pre>', 'python'],
    ['<div class="highlight-json notranslate"><div class="highlight"><pre>{}</pre></div></div>', 'json'],
    ['<pre data-language="TypeScript"><code>let a</code></pre>', 'typescript'],
    ['<pre><code>plain</code></pre>', ''],
  ])('keeps the language of %s', (html, language) => {
    expect(md(html).split('\n')[0]).toBe(`\`\`\`${language}`);
  });

  it('fences code that holds backticks with a longer fence', () => {
    expect(md('<pre><code class="language-md">```js\nx\n```</code></pre>')).toBe('````md\n```js\nx\n```\n````');
  });

  it('never throws on arbitrary table and code markup', () => {
    const piece = fc.constantFrom(
      '<table>',
      '</table>',
      '<tr>',
      '</tr>',
      '<td>',
      '</td>',
      '<th>',
      '|',
      '<pre class="language-x">',
      '</pre>',
      '`',
      'text',
      '<thead>',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        expect(typeof md(pieces.join(''))).toBe('string');
      }),
      { numRuns: 200 },
    );
  });
});
