import { MAX_BLOCK_CHARS } from '../../../libs/sites/src/serving/code-highlight';
import { TestApp } from '../support/test-app';
import { createSite, siteCast } from './site-world';
import { publishedPath, readerGet, spaceWithPages } from './served-world';

/**
 * Code blocks of served pages (docs/sites-serving.md, "Code blocks"): highlighted on the server,
 * titled as GitBook's `{% code title %}` says, plain past the cap or in an unknown language, with a
 * copy button that the site's own script adds (served from this server, allowed by the CSP).
 */
describe('code blocks on served sites', () => {
  let app: TestApp;
  let base: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    const cast = await siteCast(app, 'serving-code');
    const huge = 'SELECT 1;\n'.repeat(Math.ceil(MAX_BLOCK_CHARS / 10) + 1);
    const { space } = await spaceWithPages(app, cast.organizationId, 'Code', [
      {
        title: 'Snippets',
        markdown: [
          '{% code title="server.ts" lineNumbers="true" %}',
          '',
          '```typescript',
          'const port: number = 8080; // <listen>',
          '```',
          '',
          '{% endcode %}',
          '',
          '```klingon',
          "Qapla' <b>&</b>",
          '```',
          '',
          '```sql',
          huge,
          '```',
          '',
          '    indented <code>',
        ].join('\n'),
      },
    ]);
    const site = await createSite(app, cast.organizationId, { title: 'Code site', spaces: [space.id] });
    base = await publishedPath(app, cast.organizationId, site.id);
  });
  afterAll(() => app.stop());

  it('highlights code on the server, with its title, and leaves unknown languages and huge blocks as plain text', async () => {
    const { $, status } = await readerGet(app, base);
    expect(status).toBe(200);
    const titled = $('article figure.code-block');
    expect(titled.find('figcaption').text()).toBe('server.ts');
    const code = titled.find('div.code pre code');
    expect(code.attr('class')).toBe('hljs language-typescript');
    expect(code.text()).toBe('const port: number = 8080; // <listen>\n');
    expect(code.find('.hljs-keyword').first().text()).toBe('const');
    expect(code.find('.hljs-comment').text()).toBe('// <listen>');

    const [, unknown, huge] = $('article div.code code')
      .toArray()
      .map((c) => $(c));
    expect(unknown!.attr('class')).toBe('language-klingon');
    expect(unknown!.children()).toHaveLength(0);
    expect(unknown!.text()).toBe("Qapla' <b>&</b>\n");
    expect(huge!.attr('class')).toBe('hljs language-sql');
    expect(huge!.children()).toHaveLength(0);
    expect(huge!.text().length).toBeGreaterThan(MAX_BLOCK_CHARS);
    // Indented code has no language: plain, as before.
    expect($('article pre > code').last().text()).toBe('indented <code>\n');
    // The page works without script: no button is served, the script adds it.
    expect($('button.copy-code')).toHaveLength(0);
  });

  it('loads the copy button script from this server, allowed by the CSP, with no inline script', async () => {
    const page = await readerGet(app, base);
    const scripts = page.$('script').toArray();
    expect(scripts).toHaveLength(1);
    const src = page.$(scripts[0]).attr('src')!;
    expect(src).toMatch(/^\/sites\/_assets\/copy-code\.[\w-]+\.js$/);
    expect(page.$(scripts[0]).text()).toBe('');
    expect(page.$(scripts[0]).parent().is('head')).toBe(true);
    expect(String(page.headers['content-security-policy']).split('; ')).toContain("script-src 'self'");

    const script = await readerGet(app, src);
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toContain('immutable');
    expect(script.text).toContain("querySelectorAll('div.code')");
    expect(script.text).toContain("addEventListener('click'");
    expect(script.text).toContain('navigator.clipboard');
    // The same script wherever the site is served: the path is the server's, not the site's.
    expect((await readerGet(app, src, { host: 'docs.example.com' })).text).toBe(script.text);
  });
});
