import fc from 'fast-check';
import { AnswerSchemas } from '../support/answer-schemas';
import { createSpace } from '../support/content-world';
import { expectError, TestApp } from '../support/test-app';
import { addSpace, createSite, SiteCast, siteCast, sitePath, valid } from './site-world';

const TC = {
  site: '/v1/orgs/{organizationId}/sites/{siteId}/customization',
  siteSpace: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization',
};
const GITBOOK = 'SiteCustomizationSettings';
const without = ({ updatedAt: _u, ...settings }: any) => settings;

/** getSiteCustomizationById and the rest (docs/sites-api.md, "Customization"). */
describe('site customization', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: SiteCast;
  let org: string;
  let site: any;
  let siteSpace: any;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await siteCast(app, 'site-customization');
    org = cast.organizationId;
    site = await createSite(app, org, { title: 'Customized' });
    siteSpace = await addSpace(app, org, site.id, (await createSpace(app, org, { title: 'Guide' })).id);
  });
  afterAll(() => app.stop());

  const of = (siteId = site.id) => `${sitePath(org, siteId)}/customization`;
  const ofSpace = (id = siteSpace.id) => `${sitePath(org, site.id)}/site-spaces/${id}/customization`;

  it("answers GitBook's defaults until PUT, then the settings as PUT, to every member", async () => {
    const fresh = await createSite(app, org, { title: 'Fresh' });
    const first = await app.get(of(fresh.id), cast.reader.token);
    valid(schemas, 'GET', TC.site, first, GITBOOK);
    expect(first.body.updatedAt).toBeUndefined();
    expect(first.body.styling.font).toBe('Inter');

    const settings = {
      ...first.body,
      title: 'Handbook',
      styling: { ...first.body.styling, theme: 'bold', font: 'Roboto', primaryColor: { light: '#112233', dark: '#abc' } },
      favicon: { emoji: '📘' },
      header: { preset: 'default', links: [{ title: 'Blog', to: { kind: 'url', url: 'https://blog.example.com' }, links: [] }] },
      footer: {
        groups: [{ title: 'More', links: [{ title: 'Status', to: { kind: 'url', url: 'https://status.example.com' } }] }],
        copyright: '© Us',
      },
      themes: { default: 'dark', toggeable: true },
    };
    const put = await app.put(of(fresh.id), settings, cast.creator.token);
    valid(schemas, 'PUT', TC.site, put, GITBOOK);
    expect(put.status).toBe(200);
    expect(without(put.body)).toEqual(settings);
    expect(put.body.updatedAt).toEqual(expect.any(String));
    const got = await app.get(of(fresh.id), cast.reader.token);
    valid(schemas, 'GET', TC.site, got, GITBOOK);
    expect(got.body).toEqual(put.body);
    const again = await app.put(of(fresh.id), settings);
    expect(again.body.updatedAt).toBe(put.body.updatedAt);
  });

  it('refuses what GitBook refuses, naming the field, and unknown fields', async () => {
    const base = (await app.get(of())).body;
    const cases: [object, RegExp][] = [
      [{ ...base, styling: { ...base.styling, font: 'Comic Sans' } }, /^styling\.font must be one of ABCFavorit/],
      [
        { ...base, styling: { ...base.styling, primaryColor: { light: 'red', dark: '#000' } } },
        /^styling\.primaryColor\.light must match pattern/,
      ],
      [{ ...base, title: 'x' }, /^title must NOT have fewer than 2 characters/],
      [
        { ...base, header: { preset: 'default', links: [{ title: 'a', to: null, links: [], extra: 1 }] } },
        /^header\.links\[0\]\.extra is not a known field/,
      ],
      [{ ...base, colour: 'red' }, /^property colour should not exist/],
      [{ ...without(base), styling: undefined }, /^styling is required/],
    ];
    for (const [body, message] of cases) expectError(await app.put(of(), body), 400, message);
  });

  it('keeps overrides per site space: merged over the site, reset by null, removed (205, then 204)', async () => {
    const siteSettings = without((await app.get(of())).body);
    const patched = await app.patch(ofSpace(), { title: 'Guide docs', styling: { theme: 'muted', sidebar: { list: 'pill' } } });
    valid(schemas, 'PATCH', TC.siteSpace, patched, GITBOOK);
    expect(patched.status).toBe(200);
    expect(patched.body.title).toBe('Guide docs');
    expect(patched.body.styling).toEqual({
      ...siteSettings.styling,
      theme: 'muted',
      sidebar: { ...siteSettings.styling.sidebar, list: 'pill' },
    });

    const reset = await app.patch(ofSpace(), { styling: { theme: null } });
    expect(reset.body.styling.theme).toBe(siteSettings.styling.theme);
    expect(reset.body.styling.sidebar.list).toBe('pill');
    const got = await app.get(ofSpace(), cast.reader.token);
    valid(schemas, 'GET', TC.siteSpace, got, GITBOOK);
    expect(got.body).toEqual(reset.body);
    // The site's own customization is untouched.
    expect(without((await app.get(of())).body)).toEqual(siteSettings);

    expectError(await app.patch(ofSpace(), { styling: { font: 'Inter' } }), 400, /^styling\.font is not a known field/);
    expect((await app.delete(ofSpace())).status).toBe(205);
    expect((await app.delete(ofSpace())).status).toBe(204);
    expect(without((await app.get(ofSpace())).body)).toEqual(siteSettings);
  });

  it('lets managers write, members read; others see nothing', async () => {
    const body = (await app.get(of())).body;
    expectError(await app.put(of(), without(body), cast.editor.token), 403);
    expectError(await app.patch(ofSpace(), { title: 'No' }, cast.reader.token), 403);
    expectError(await app.delete(ofSpace(), cast.editor.token), 403);
    expectError(await app.get(of(), cast.guest.token), 403);
    expectError(await app.get(of(), cast.outsider.token), 404);
    expectError(await app.put(of(), without(body), cast.outsider.token), 404);
    expectError(await app.get(ofSpace('nope')), 404, /site space not found/);
    expectError(await app.patch(ofSpace('nope'), { title: 'Docs' }), 404);
    expectError(await app.get(of('nope')), 404);
  });

  it('takes generated valid settings back as sent, refuses generated invalid ones with 400, never 5xx', async () => {
    const base = without((await app.get(of())).body);
    const color = fc.stringMatching(/^#([0-9a-f]{3}|[0-9a-f]{6})$/);
    const validBody = fc.record({
      title: fc.string({ minLength: 2, maxLength: 128 }).filter((t) => t.trim().length > 0),
      theme: fc.constantFrom('clean', 'muted', 'bold', 'gradient'),
      font: fc.constantFrom('Inter', 'Roboto', 'Lato', 'Poppins'),
      light: color,
      dark: color,
      copyright: fc.string({ maxLength: 512 }),
    });
    await fc.assert(
      fc.asyncProperty(validBody, async (v) => {
        const settings = {
          ...base,
          title: v.title,
          styling: { ...base.styling, theme: v.theme, font: v.font, primaryColor: { light: v.light, dark: v.dark } },
          footer: { groups: [], copyright: v.copyright },
        };
        const res = await app.put(of(), settings);
        expect(res.status).toBe(200);
        expect(without(res.body)).toEqual(settings);
      }),
      { numRuns: 15 },
    );
    const section = fc.constantFrom('styling', 'header', 'footer', 'themes', 'favicon', 'title', 'socialAccounts');
    await fc.assert(
      fc.asyncProperty(section, fc.jsonValue({ maxDepth: 3 }), async (name, value) => {
        const res = await app.put(of(), { ...base, [name]: value });
        expect(res.status).toBeLessThan(500);
        if (res.status === 400) expect(res.body.error.message).toMatch(new RegExp(`^(property )?${name}`));
        else expect(res.status).toBe(200);
      }),
      { numRuns: 40 },
    );
  });
});
