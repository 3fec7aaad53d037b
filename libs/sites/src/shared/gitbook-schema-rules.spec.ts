import { readFileSync } from 'node:fs';
import { DEFAULT_SITE_CUSTOMIZATION } from '../structure/site-customization.domain';
import fc from 'fast-check';
import { gitbookProblem, openApiProperty, propertiesOf, SOURCE_PATH } from './gitbook-schema-rules';
import { GITBOOK_SCHEMAS } from './gitbook-schemas';

const BASE = 'SiteCustomizationSettingsBase';
const OVERRIDE = 'SiteSpaceCustomizationOverride';
const gitbook = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8'));

describe('customization schemas', () => {
  it("are still GitBook's (the installed @gitbook/api's)", () => {
    const copied = GITBOOK_SCHEMAS.components.schemas as Record<string, unknown>;
    const body = (path: string, method: string) => gitbook.paths[path][method].requestBody.content['application/json'].schema;
    const bodies = new Map([
      [OVERRIDE, body('/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization', 'patch')],
      ['CreateSiteRedirectBody', body('/orgs/{organizationId}/sites/{siteId}/redirects', 'post')],
      ['BulkUpsertSiteRedirectsBody', body('/orgs/{organizationId}/sites/{siteId}/redirects', 'put')],
      ['UpdateSiteRedirectBody', body('/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}', 'patch')],
    ]);
    for (const [name, schema] of Object.entries(copied)) {
      expect({ name, schema }).toEqual({ name, schema: bodies.get(name) ?? gitbook.components.schemas[name] });
    }
  });

  it('take the defaults, section by section', () => {
    const { names, required } = propertiesOf(BASE);
    expect(names).toContain('styling');
    expect(required.has('styling')).toBe(true);
    for (const [name, value] of Object.entries(DEFAULT_SITE_CUSTOMIZATION))
      expect([name, gitbookProblem(BASE, name, value)]).toEqual([name, null]);
  });

  it('refuse with a message naming the field', () => {
    const styling = DEFAULT_SITE_CUSTOMIZATION.styling;
    expect(gitbookProblem(BASE, 'styling', { ...styling, font: 'Comic Sans' })).toMatch(/^styling\.font must be one of ABCFavorit, Inter/);
    expect(gitbookProblem(BASE, 'styling', { ...styling, primaryColor: { light: 'red', dark: '#fff' } })).toMatch(
      /^styling\.primaryColor\.light must match pattern/,
    );
    expect(gitbookProblem(BASE, 'styling', { ...styling, glow: true })).toBe('styling.glow is not a known field');
    const link = { title: 'Blog', to: { kind: 'url', url: 'https://example.com' }, links: [] };
    expect(gitbookProblem(BASE, 'header', { preset: 'default', links: [link] })).toBeNull();
    expect(gitbookProblem(BASE, 'header', { preset: 'default', links: [{ ...link, bogus: 1 }] })).toBe(
      'header.links[0].bogus is not a known field',
    );
    expect(gitbookProblem(BASE, 'header', { preset: 'default' })).toBe('header.links is required');
    expect(gitbookProblem(BASE, 'favicon', { emoji: '🎉' })).toBeNull();
    expect(gitbookProblem(BASE, 'favicon', { emoji: 'party' })).toMatch(/^favicon/);
    expect(gitbookProblem(BASE, 'title', 'x'.repeat(129))).toMatch(/^title must NOT have more than 128 characters/);
    expect(gitbookProblem(BASE, 'localizedTitle', { fr: 'Docs', klingon: 'Docs' })).toMatch(/^localizedTitle/);
  });

  it('take nulls in an override where GitBook does, as resets', () => {
    expect(gitbookProblem(OVERRIDE, 'styling', { theme: null, sidebar: { list: null } })).toBeNull();
    expect(gitbookProblem(OVERRIDE, 'title', null)).toBeNull();
    expect(gitbookProblem(OVERRIDE, 'styling', { font: 'Inter' })).toBe('styling.font is not a known field');
  });

  it('are written in OpenAPI 3.0 words for the served document', () => {
    const text = JSON.stringify([BASE, OVERRIDE].flatMap((s) => propertiesOf(s).names.map((p) => openApiProperty(s, p, true))));
    expect(text).not.toMatch(/"\$ref"|"type":"null"|"type":\[|propertyNames/);
    expect(openApiProperty(OVERRIDE, 'title', true)).toMatchObject({ type: 'string', minLength: 2, maxLength: 128, nullable: true });
    expect(openApiProperty(BASE, 'localizedTitle', true)).toMatchObject({
      additionalProperties: false,
      properties: { fr: { type: 'string' } },
    });
  });

  it("take the same redirect sources as GitBook's pattern, without its lookaheads", () => {
    const gitbookPattern = new RegExp(gitbook.components.schemas.SiteRedirectSourcePath.pattern);
    const ours = new RegExp(SOURCE_PATH);
    const path = fc
      .array(fc.constantFrom('/', 'a', 'Z', '9', '*', '%2F', '%', '-', '.', '~', '+', '?', ' '), { maxLength: 12 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(path, (p) => expect(ours.test(p)).toBe(gitbookPattern.test(p))),
      { numRuns: 5000 },
    );
    expect(ours.test('/docs/*') && ours.test('/docs*') && !ours.test('/*') && !ours.test('/a*/b') && !ours.test('/a//b')).toBe(true);
  });
});
