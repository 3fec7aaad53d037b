import { createHash } from 'node:crypto';
import { contrast } from '../../../libs/sites/src/serving/site-theme';
import { TestApp } from '../support/test-app';
import { SiteCast, siteCast, sitePath } from './site-world';
import { ReaderAnswer, readerGet } from './served-world';
import { Handbooks, handbooks, variantSite } from './served-variants';

/** The page's one stylesheet, and whether the answer's CSP allows it by its hash (and no other style). */
function styleOf(answer: ReaderAnswer): string {
  const styles = answer.$('style');
  expect(styles).toHaveLength(1);
  const style = styles.text();
  const hash = createHash('sha256').update(style).digest('base64');
  expect(answer.headers['content-security-policy']).toMatch(new RegExp(`style-src 'sha256-${hash.replace(/[+/]/g, '\\$&')}';`));
  return style;
}

/** Where a `system` theme's stylesheet sets the dark colours, after the light ones. */
const DARK_COLOURS = /@media \(prefers-color-scheme:dark\)\{:root\{--primary/;

/** A custom property's value in a stylesheet: the last one setting it (later rules win). */
const variable = (css: string, name: string) => [...css.matchAll(new RegExp(`--${name}:(#[0-9A-Fa-f]{3,6})\\b`, 'g'))].pop()?.[1];

/**
 * A served site honours its customization (docs/sites-serving.md, "Customization"): the title, the
 * primary colour, header links, footer, pagination and theme of the site's effective customization
 * (a site space's override over the site's), the CSP naming the page's stylesheet by its hash, and
 * ETags that change with it.
 */
describe('served sites honour their customization', () => {
  let app: TestApp;
  let cast: SiteCast;
  let org: string;
  let spaces: Handbooks;
  let handbook: Handbooks['handbook'];
  let api: Handbooks['api'];

  beforeAll(async () => {
    app = await TestApp.shared();
    cast = await siteCast(app, 'serving-customization');
    org = cast.organizationId;
    spaces = await handbooks(app, org);
    ({ handbook, api } = spaces);
  });
  afterAll(() => app.stop());

  /** A published site of the handbook with the API as a second variant: its path, the two site spaces, and its customization URL. */
  async function newSite(title: string) {
    const served = await variantSite(app, org, spaces, { title });
    return { ...served, customization: `${sitePath(org, served.site.id)}/customization` };
  }
  /** PUTs the site's customization: GitBook's defaults (as GET answers them) with `changes` over them. */
  async function customize(path: string, changes: (defaults: any) => object) {
    const { updatedAt: _u, ...defaults } = (await app.get(path)).body;
    const res = await app.put(path, { ...defaults, ...changes(defaults) }, cast.creator.token);
    if (res.status !== 200) throw new Error(`customization: ${res.status} ${JSON.stringify(res.body)}`);
  }

  it('keeps the stock look, following the reader system, until the customization is written', async () => {
    const { base } = await newSite('Stock site');
    const home = await readerGet(app, base);
    const css = styleOf(home);
    expect(css).toMatch(/@media \(prefers-color-scheme:dark\)/);
    expect(variable(css, 'primary')).toBeUndefined();
    expect(home.$('header .site-title').text()).toBe('Stock site');
    expect(home.$('nav.header-links')).toHaveLength(0);
    expect(home.$('.pagination .next').attr('href')).toBe(`${base}/guide`);
  });

  it('shows the title, colours, header links, footer and a fixed theme; the ETag changes with them', async () => {
    const { base, customization, variant } = await newSite('Plain title');
    const before = await readerGet(app, `${base}/guide`);
    await customize(customization, (d) => ({
      title: 'Handbook Pro',
      styling: { ...d.styling, primaryColor: { light: '#d4145a', dark: '#ff77aa' } },
      header: {
        preset: 'default',
        links: [
          { title: 'Blog', style: 'button-primary', to: { kind: 'url', url: 'https://blog.example.com' }, links: [] },
          { title: 'Guide', to: { kind: 'page', page: handbook.ids[1] }, links: [] },
          { title: 'Reference', to: { kind: 'space', space: api.space.id }, links: [] },
          {
            title: 'More',
            to: null,
            links: [
              { title: 'Steps', to: { kind: 'anchor', page: handbook.ids[2], anchor: 'steps' } },
              { title: 'Evil', to: { kind: 'url', url: 'javascript:alert(1)' } },
            ],
          },
        ],
      },
      footer: {
        groups: [{ title: 'Company', links: [{ title: 'Status', to: { kind: 'url', url: 'https://status.example.com' } }] }],
        copyright: '© Example <Inc>',
      },
      themes: { default: 'dark', toggeable: false },
      pagination: { enabled: false },
    }));
    const page = await readerGet(app, `${base}/guide`);
    expect(page.status).toBe(200);
    expect(page.headers.etag).not.toBe(before.headers.etag);
    expect((await readerGet(app, `${base}/guide`, { 'if-none-match': before.headers.etag as string })).status).toBe(200);
    expect((await readerGet(app, `${base}/guide`, { 'if-none-match': page.headers.etag as string })).status).toBe(304);

    const { $ } = page;
    expect($('title').text()).toBe('Guide | Handbook Pro');
    expect($('header .site-title').text()).toBe('Handbook Pro');
    // Dark always: the dark rules apply whatever the reader's system prefers, with the dark colour, readable.
    const css = styleOf(page);
    expect(css).not.toMatch(/prefers-color-scheme/);
    expect(css).toMatch(/@media all\{:root\{--bg:#0d1117/);
    expect(css).toMatch(/:root\{color-scheme:dark\}/);
    expect(variable(css, 'primary')).toBe('#ff77aa');
    expect(contrast(variable(css, 'accent')!, '#0d1117')).toBeGreaterThanOrEqual(4.5);

    const links = $('nav.header-links a, nav.header-links span')
      .toArray()
      .map((a) => [$(a).text(), $(a).attr('href') ?? null, $(a).attr('class') ?? '']);
    expect(links).toEqual([
      ['Blog', 'https://blog.example.com', 'button-primary'],
      ['Guide', `${base}/guide`, ''],
      ['Reference', `${base}/${variant.path}`, ''],
      ['Steps', `${base}/guide/install#steps`, ''],
      ['Evil', null, 'broken-link'],
    ]);
    expect($('nav.header-links details summary').text()).toBe('More');
    expect($('footer .footer-group-title').text()).toBe('Company');
    expect($('footer nav.footer-links a').attr('href')).toBe('https://status.example.com');
    expect($('footer .copyright').text()).toBe('© Example <Inc>');
    expect(page.text).not.toContain('javascript:');
    expect($('.pagination')).toHaveLength(0);

    // The search page wears the same look, links resolved in the default site space.
    const search = await readerGet(app, `${base}/search?q=guide`);
    expect(search.$('header .site-title').text()).toBe('Handbook Pro');
    expect(variable(styleOf(search), 'primary')).toBe('#ff77aa');
    expect(
      search
        .$('nav.header-links a')
        .toArray()
        .map((a) => search.$(a).attr('href')),
    ).toEqual(links.slice(0, 4).map((l) => l[1]));
    expect(search.$('footer .copyright').text()).toBe('© Example <Inc>');
  });

  it("follows the reader's system for `system`, stays light for `light`, and lays a site space's override over the site's", async () => {
    const { base, customization, variant, site } = await newSite('Themed');
    // A colour unreadable as text on white (yellow) is darkened for links, kept as the primary colour.
    await customize(customization, (d) => ({
      styling: { ...d.styling, primaryColor: { light: '#ffff00', dark: '#1a1a80' } },
      themes: { default: 'system', toggeable: false },
    }));
    const auto = styleOf(await readerGet(app, base));
    expect(auto).toMatch(/@media \(prefers-color-scheme:dark\)\{:root\{--bg:#0d1117/);
    const [light, dark] = auto.split(DARK_COLOURS);
    expect([variable(light!, 'primary'), variable(`--primary${dark}`, 'primary')]).toEqual(['#ffff00', '#1a1a80']);
    expect(contrast(variable(light!, 'accent')!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(variable(`--primary${dark}`, 'accent')!, '#0d1117')).toBeGreaterThanOrEqual(4.5);

    const override = `${sitePath(org, site.id)}/site-spaces/${variant.id}/customization`;
    const patched = await app.patch(override, {
      themes: { default: 'light' },
      styling: { primaryColor: { light: '#0a7d33', dark: '#0a7d33' } },
    });
    expect(patched.status).toBe(200);
    const variantCss = styleOf(await readerGet(app, `${base}/${variant.path}`));
    expect(variantCss).not.toMatch(/prefers-color-scheme/);
    expect(variantCss).toMatch(/@media not all\{/);
    expect(variable(variantCss, 'primary')).toBe('#0a7d33');
    // The handbook keeps the site's own.
    expect(variable(styleOf(await readerGet(app, base)).split(DARK_COLOURS)[0]!, 'primary')).toBe('#ffff00');
  });

  it('shows a header item with a condition only to readers whose claims satisfy it, privately', async () => {
    const { base, customization, site } = await newSite('Adaptive links');
    const unsigned = {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      additionalProperties: false,
      properties: { beta: { type: 'boolean', description: 'Beta' } },
    };
    const jsonSchema = { type: 'object', additionalProperties: false, properties: { unsigned } };
    const schema = await app.put(`${sitePath(org, site.id)}/adaptive-schema`, { jsonSchema });
    expect([schema.status, schema.body.error?.message]).toEqual([200, undefined]);
    await customize(customization, () => ({
      header: {
        preset: 'default',
        links: [
          {
            title: 'Beta',
            condition: 'visitor.claims.unsigned.beta == true',
            to: { kind: 'url', url: 'https://beta.example.com' },
            links: [],
          },
          { title: 'Everyone', to: { kind: 'url', url: 'https://all.example.com' }, links: [] },
        ],
      },
    }));
    const anyone = await readerGet(app, base);
    const beta = await readerGet(app, `${base}?visitor.beta=true`);
    const titles = (answer: ReaderAnswer) =>
      answer
        .$('nav.header-links a')
        .toArray()
        .map((a) => answer.$(a).text());
    expect(titles(anyone)).toEqual(['Everyone']);
    expect(titles(beta)).toEqual(['Beta', 'Everyone']);
    expect(beta.headers.etag).not.toBe(anyone.headers.etag);
    expect(anyone.headers['cache-control']).toBe('private, no-cache');
    expect(anyone.headers.vary).toBe('Cookie');
  });
});
