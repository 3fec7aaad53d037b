import fc from 'fast-check';
import { XSS_CORPUS, xssProblems } from '../../../libs/sites/src/serving/testing/xss-corpus';
import { watchingHealth } from '../support/responsiveness';
import { TestApp } from '../support/test-app';
import { createSite, siteCast } from './site-world';
import { mergeEdits, publishedPath, readerGet, spaceWithPages } from './served-world';

/**
 * What a served page lets through of hostile markdown written through the API (docs/sites-serving.md,
 * "Safety"): no script element, no event handler attribute, no script URL, whatever the page
 * says; and a huge page renders off the event loop, /health answering meanwhile.
 */
describe('served pages are safe from the markdown they render', () => {
  let app: TestApp;
  let org: string;
  let spaceId: string;
  let pageId: string;
  let base: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    org = (await siteCast(app, 'serving-safety')).organizationId;
    const { space, ids } = await spaceWithPages(app, org, 'Hostile', [{ title: 'Corpus', markdown: XSS_CORPUS.join('\n\n') }]);
    spaceId = space.id;
    pageId = ids[0]!;
    const site = await createSite(app, org, { title: 'Hostile site', spaces: [spaceId] });
    base = await publishedPath(app, org, site.id);
  });
  afterAll(() => app.stop());

  it('renders the XSS corpus with nothing active left, under a strict Content-Security-Policy', async () => {
    const page = await readerGet(app, base);
    expect(page.status).toBe(200);
    expect(xssProblems(page.text)).toEqual([]);
    // The text is still there, escaped.
    expect(page.$('article').text()).toContain('<script>alert(1)</script>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp.split('; ')).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "script-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ]),
    );
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never serves a script element, an on* attribute or a script URL, whatever markdown a page is given', async () => {
    const piece = fc.oneof(
      fc.constantFrom(...XSS_CORPUS),
      fc.constantFrom('\n', '\n\n', '> ', '- ', '`', '[', '](', ')', '<', '"', '{% ', ' %}'),
      fc.string({ maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 12 }), async (pieces) => {
        await mergeEdits(app, spaceId, [{ operation: 'update_page', page: pageId, document: { markdown: pieces.join('') } }]);
        const page = await readerGet(app, base);
        expect(page.status).toBe(200);
        expect(xssProblems(page.text)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });

  it('renders a huge hostile page in a work thread, /health answering in under 100 ms meanwhile', async () => {
    // markdown-it is slowest on runs of `![` (some 5 µs a character): 256 KiB of them.
    const { space } = await spaceWithPages(app, org, 'Huge', [{ title: 'Huge', markdown: '!['.repeat(128 * 1024) }]);
    const site = await createSite(app, org, { title: 'Huge site', spaces: [space.id] });
    const hugeBase = await publishedPath(app, org, site.id);
    const watched = await watchingHealth(app.url, () => readerGet(app, hugeBase));
    expect(watched.result.status).toBe(200);
    expect(watched.result.$('article p').text().length).toBe(256 * 1024);
    expect(watched.maxHeldMs).toBeLessThan(watched.heldLimitMs);
    // Kept by revision and page: the second read renders nothing.
    const again = await readerGet(app, hugeBase);
    expect(again.text).toBe(watched.result.text);
  });
});
