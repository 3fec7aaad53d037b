import { readFileSync } from 'node:fs';
import { DEFAULT_SITE_CUSTOMIZATION } from '../structure/site-customization.domain';
import { customizationProblem, openApiProperty, propertiesOf } from './customization-schemas';
import { GITBOOK_CUSTOMIZATION_SCHEMAS } from './gitbook-customization.schemas';

const BASE = 'SiteCustomizationSettingsBase';
const OVERRIDE = 'SiteSpaceCustomizationOverride';
const gitbook = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8'));

describe('customization schemas', () => {
  it("are still GitBook's (the installed @gitbook/api's)", () => {
    const copied = GITBOOK_CUSTOMIZATION_SCHEMAS.components.schemas as Record<string, unknown>;
    for (const [name, schema] of Object.entries(copied)) {
      if (name === OVERRIDE) continue;
      expect({ name, schema }).toEqual({ name, schema: gitbook.components.schemas[name] });
    }
    const patch = gitbook.paths['/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization'].patch;
    expect(copied[OVERRIDE]).toEqual(patch.requestBody.content['application/json'].schema);
  });

  it('take the defaults, section by section', () => {
    const { names, required } = propertiesOf(BASE);
    expect(names).toContain('styling');
    expect(required.has('styling')).toBe(true);
    for (const [name, value] of Object.entries(DEFAULT_SITE_CUSTOMIZATION))
      expect([name, customizationProblem(BASE, name, value)]).toEqual([name, null]);
  });

  it('refuse with a message naming the field', () => {
    const styling = DEFAULT_SITE_CUSTOMIZATION.styling;
    expect(customizationProblem(BASE, 'styling', { ...styling, font: 'Comic Sans' })).toMatch(
      /^styling\.font must be one of ABCFavorit, Inter/,
    );
    expect(customizationProblem(BASE, 'styling', { ...styling, primaryColor: { light: 'red', dark: '#fff' } })).toMatch(
      /^styling\.primaryColor\.light must match pattern/,
    );
    expect(customizationProblem(BASE, 'styling', { ...styling, glow: true })).toBe('styling.glow is not a known field');
    const link = { title: 'Blog', to: { kind: 'url', url: 'https://example.com' }, links: [] };
    expect(customizationProblem(BASE, 'header', { preset: 'default', links: [link] })).toBeNull();
    expect(customizationProblem(BASE, 'header', { preset: 'default', links: [{ ...link, bogus: 1 }] })).toBe(
      'header.links[0].bogus is not a known field',
    );
    expect(customizationProblem(BASE, 'header', { preset: 'default' })).toBe('header.links is required');
    expect(customizationProblem(BASE, 'favicon', { emoji: '🎉' })).toBeNull();
    expect(customizationProblem(BASE, 'favicon', { emoji: 'party' })).toMatch(/^favicon/);
    expect(customizationProblem(BASE, 'title', 'x'.repeat(129))).toMatch(/^title must NOT have more than 128 characters/);
    expect(customizationProblem(BASE, 'localizedTitle', { fr: 'Docs', klingon: 'Docs' })).toMatch(/^localizedTitle/);
  });

  it('take nulls in an override where GitBook does, as resets', () => {
    expect(customizationProblem(OVERRIDE, 'styling', { theme: null, sidebar: { list: null } })).toBeNull();
    expect(customizationProblem(OVERRIDE, 'title', null)).toBeNull();
    expect(customizationProblem(OVERRIDE, 'styling', { font: 'Inter' })).toBe('styling.font is not a known field');
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
});
