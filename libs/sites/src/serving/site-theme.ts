import { createHash } from 'node:crypto';
import { Lru } from '@docs/platform';
import { SITE_CSP, STYLE } from './site-html';

/** How a page picks light or dark: fixed, or the reader's system (`prefers-color-scheme`). */
export type ThemeMode = 'light' | 'dark' | 'auto';

/** The customization's colours that the page's stylesheet uses: GitBook's CustomizationThemedColor. */
export interface ThemeColours {
  primary: { light: string; dark: string };
}

/** A page's stylesheet and the Content-Security-Policy that allows it (by its hash) and nothing else. */
export interface PageStyle {
  style: string;
  csp: string;
}

/** The stock stylesheet's backgrounds (site-html.ts STYLE: `--bg` and `--panel`), which link colours must stand out from. */
const BACKGROUNDS = { light: ['#ffffff', '#f6f8fa'], dark: ['#0d1117', '#151b23'] } as const;
/** WCAG AA for normal text. */
const READABLE = 4.5;
const DARK_QUERY = /\(prefers-color-scheme:\s*dark\)/g;

type Rgb = [number, number, number];

/** `#abc` or `#aabbcc` (GitBook's Color pattern) as red, green, blue in 0..255. */
function rgbOf(colour: string): Rgb {
  const hex = colour.slice(1);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const hexOf = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG's relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((x, y) => y - x) as [number, number];
  return (la + 0.05) / (lb + 0.05);
}

/**
 * The customer's colour as link text on a theme's backgrounds: itself when readable (contrast at
 * least 4.5 on each), else mixed towards black (light theme) or white (dark theme) until it is.
 */
export function readableOn(colour: string, theme: 'light' | 'dark'): string {
  const toward: Rgb = theme === 'light' ? [0, 0, 0] : [255, 255, 255];
  const from = rgbOf(colour);
  for (let step = 0; step <= 20; step++) {
    const t = step / 20;
    const mixed = hexOf(from.map((c, i) => c + (toward[i]! - c) * t) as Rgb);
    if (BACKGROUNDS[theme].every((bg) => contrast(mixed, bg) >= READABLE)) return mixed;
  }
  return hexOf(toward);
}

/** Text on a primary-coloured button: black or white, whichever stands out more. */
const onColour = (colour: string) => (contrast(colour, '#000000') >= contrast(colour, '#ffffff') ? '#000000' : '#ffffff');

const variables = (colour: string, theme: 'light' | 'dark') =>
  `--primary:${colour};--accent:${readableOn(colour, theme)};--on-primary:${onColour(colour)}`;

/** What the customization's chrome (header links, footer groups) looks like: added to every customized page. */
const CHROME_STYLE = `
nav.header-links>ul{display:flex;flex-wrap:wrap;align-items:center;gap:1rem;list-style:none;margin:0;padding:0}
nav.header-links details{position:relative}nav.header-links summary{cursor:pointer;color:var(--accent)}
nav.header-links details ul{position:absolute;z-index:1;list-style:none;margin:.25rem 0 0;padding:.5rem 1rem;\
background:var(--bg);border:1px solid var(--line);border-radius:6px}
a.button-primary{background:var(--primary);color:var(--on-primary);padding:.25rem .75rem;border-radius:6px;text-decoration:none}
a.button-secondary{border:1px solid var(--accent);padding:.25rem .75rem;border-radius:6px;text-decoration:none}
footer nav.footer-links{display:flex;flex-wrap:wrap;gap:2rem;margin-bottom:1rem}
footer nav.footer-links ul{list-style:none;padding:0;margin:.25rem 0}footer .footer-group-title{font-weight:600;margin:0;color:var(--fg)}
`;

/**
 * The stock stylesheet in a theme mode: `auto` as it is (dark when the reader's system prefers it);
 * `light` with its dark rules never applying, `dark` with them always applying (they come after the
 * light ones, so they win).
 */
function stockIn(mode: ThemeMode): string {
  if (mode === 'auto') return STYLE;
  const style = STYLE.replace(DARK_QUERY, mode === 'dark' ? 'all' : 'not all');
  return `${style}:root{color-scheme:${mode}}\n`;
}

function build(mode: ThemeMode, { primary }: ThemeColours): PageStyle {
  const colours =
    mode === 'auto'
      ? `:root{${variables(primary.light, 'light')}}\n@media (prefers-color-scheme:dark){:root{${variables(primary.dark, 'dark')}}}\n`
      : `:root{${variables(primary[mode], mode)}}\n`;
  const style = `${stockIn(mode)}${colours}${CHROME_STYLE}`;
  const hash = createHash('sha256').update(style).digest('base64');
  return { style, csp: SITE_CSP.replace(/style-src [^;]*/, `style-src 'sha256-${hash}'`) };
}

/** Sites' styles by what they are made of: few distinct customizations are served at once. */
const built = new Lru<PageStyle>(256);

/** The stylesheet of a customized page (the stock one in the theme mode, the customer's colours, the chrome's rules) and its CSP. */
export function pageStyle(mode: ThemeMode, colours: ThemeColours): PageStyle {
  const key = `${mode}:${colours.primary.light}:${colours.primary.dark}`;
  const cached = built.get(key);
  if (cached) return cached;
  const style = build(mode, colours);
  built.set(key, style);
  return style;
}
