/**
 * A site's customization (GitBook's SiteCustomizationSettings) and the overrides of its site
 * spaces, as plain JSON. The shapes are GitBook's, checked at the edge against its schemas
 * (customization-schemas.ts); the domain only merges them.
 */

/** GitBook's SiteCustomizationSettings (without `updatedAt`), as PUT. */
export type CustomizationSettings = Record<string, unknown>;
/** What a site space changes of its site's customization (an override, nulls already applied as resets). */
export type CustomizationOverride = Record<string, unknown>;

export type SiteSpaceOverride = { siteSpaceId: string; override: CustomizationOverride; updatedAt: string };

/** The site's own settings (null until PUT: the defaults are answered) and its site spaces' overrides. */
export type CustomizationState = {
  settings: CustomizationSettings | null;
  updatedAt: string | null;
  overrides: SiteSpaceOverride[];
};

export const initialCustomization = (): CustomizationState => ({ settings: null, updatedAt: null, overrides: [] });

/**
 * The parts of the settings that an override changes field by field (GitBook's override body
 * nests them); every other value (a colour, a logo, a list of links, a favicon) is replaced whole.
 */
const SECTIONS: ReadonlySet<string> = new Set([
  'styling',
  'styling.sidebar',
  'styling.codeTheme',
  'internationalization',
  'header',
  'footer',
  'themes',
  'feedback',
  'externalLinks',
  'pagination',
  'trademark',
  'privacyPolicy',
  'socialPreview',
]);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `base` with `changes` laid over it: sections merge field by field, other values replace; a null
 * removes the value (an override's reset). Sections left empty go.
 */
export function overlaid(base: Record<string, unknown>, changes: Record<string, unknown>, at = ''): Record<string, unknown> {
  const out = new Map(Object.entries(base));
  for (const [key, value] of Object.entries(changes)) {
    const path = at ? `${at}.${key}` : key;
    if (value === null || value === undefined) out.delete(key);
    else if (SECTIONS.has(path) && isObject(value)) {
      const merged = overlaid(isObject(out.get(key)) ? (out.get(key) as Record<string, unknown>) : {}, value, path);
      if (Object.keys(merged).length > 0) out.set(key, merged);
      else out.delete(key);
    } else out.set(key, value);
  }
  return Object.fromEntries(out);
}

/** A site space's effective customization: the site's (or `defaults`) with the site space's override laid over it. */
export function effectiveCustomization(site: CustomizationSettings, override: CustomizationOverride | undefined): CustomizationSettings {
  return override ? overlaid(site, override) : site;
}

/** Sets no key twice and keeps JSON order: same settings, same text. */
export const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
