import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { footerHtml, headerLinksHtml } from './site-chrome';
import { contrast, pageStyle, readableOn } from './site-theme';

const hex = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);
const short = fc.stringMatching(/^#[0-9a-fA-F]{3}$/);

describe('site theme', () => {
  it("makes any customer colour readable as link text on the theme's backgrounds, unchanged when it already is", () => {
    fc.assert(
      fc.property(fc.oneof(hex, short), fc.constantFrom('light' as const, 'dark' as const), (colour, theme) => {
        const readable = readableOn(colour, theme);
        const backgrounds = theme === 'light' ? ['#ffffff', '#f6f8fa'] : ['#0d1117', '#151b23'];
        for (const bg of backgrounds) expect(contrast(readable, bg)).toBeGreaterThanOrEqual(4.5);
        const full = colour.length === 4 ? `#${[...colour.slice(1)].map((c) => c + c).join('')}` : colour;
        if (backgrounds.every((bg) => contrast(colour, bg) >= 4.5)) expect(readable).toBe(full.toLowerCase());
      }),
      { numRuns: 300 },
    );
  });

  it('names the stylesheet it builds by its hash in the CSP, for each theme mode', () => {
    for (const mode of ['light', 'dark', 'auto'] as const) {
      const { style, csp } = pageStyle(mode, { primary: { light: '#123456', dark: '#abcdef' } });
      const hash = createHash('sha256').update(style).digest('base64');
      expect(csp).toContain(`style-src 'sha256-${hash}';`);
      expect(csp).toMatch(/default-src 'none'/);
      expect(style.includes('prefers-color-scheme')).toBe(mode === 'auto');
    }
  });
});

describe('site chrome', () => {
  it('escapes titles and URLs, and shows a link that leads nowhere as text', () => {
    const header = headerLinksHtml([
      { title: '<b>x</b>', href: 'https://a.example/?q="1"', style: 'button-secondary', links: [] },
      { title: 'Menu', href: null, style: 'link', links: [{ title: 'Gone', href: null }] },
    ]);
    expect(header).toContain('<a href="https://a.example/?q=&quot;1&quot;" class="button-secondary">&lt;b&gt;x&lt;/b&gt;</a>');
    expect(header).toContain('<details><summary>Menu</summary><ul><li><span class="broken-link">Gone</span></li></ul></details>');
    expect(footerHtml([], '<script>')).toBe('<p class="copyright">&lt;script&gt;</p>');
    expect(headerLinksHtml([])).toBe('');
  });
});
