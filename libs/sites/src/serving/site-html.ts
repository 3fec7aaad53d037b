import { createHash } from 'node:crypto';
import type { OutlineEntry } from './page-html';
import { CODE_STYLE, COPY_SCRIPT_PATH } from './code-assets';

/** A link of the site's chrome: tabs, variants, navigation, previous / next. */
export interface SiteLink {
  title: string;
  href: string;
  current?: boolean;
}

/** A page of the navigation, in tree order, at its depth (1: the top level). */
export interface NavEntry extends SiteLink {
  depth: number;
}

/** Everything a served page shows. */
export interface PageView {
  siteTitle: string;
  /** The site's root. */
  homeHref: string;
  /** Readers' robots: false on unlisted and share-link sites. */
  indexable: boolean;
  /** The site's sections (tabs), shown when there are several. */
  tabs: SiteLink[];
  /** The level's site spaces (variants), shown when there are several. */
  variants: SiteLink[];
  nav: NavEntry[];
  /** The navigation already as HTML (site-nav.ts), shown instead of `nav` when given. */
  navHtml?: string;
  title: string;
  description: string;
  html: string;
  outline: OutlineEntry[];
  previous?: SiteLink;
  next?: SiteLink;
  /** The page's markdown (`<page URL>.md`); none on the search page. */
  markdownHref?: string;
  /** The site's search page (the header's search box submits to it), and the query it shows. */
  searchHref: string;
  query?: string;
  /** The page's stylesheet when the site's customization changes the stock STYLE (the answer's CSP names its hash). */
  style?: string;
  /** The customization's header links and footer, as HTML (site-chrome.ts). */
  headerLinks?: string;
  footer?: string;
}

const ESCAPES = new Map([
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ["'", '&#39;'],
]);

/** Text or an attribute value, escaped for HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES.get(c)!);

/** The stylesheet of every served page: light by default, dark when the reader's system prefers it. */
export const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--accent:#0969da;--panel:#f6f8fa;
--info:#ddf4ff;--success:#dafbe1;--warning:#fff8c5;--danger:#ffebe9}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--accent:#4493f8;--panel:#151b23;
--info:#0c2d6b;--success:#033a16;--warning:#3d2f00;--danger:#5d0f12}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent)}
a.broken-link{color:var(--muted);text-decoration:line-through}
header{display:flex;flex-wrap:wrap;align-items:center;gap:1rem;padding:.75rem 1.5rem;border-bottom:1px solid var(--line)}
header .site-title{font-weight:600;font-size:1.1rem;color:var(--fg);text-decoration:none}
nav.tabs ul,nav.variants ul{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;margin:0;padding:0}
nav.tabs a[aria-current],nav.variants a[aria-current]{font-weight:600}
.layout{display:grid;grid-template-columns:16rem minmax(0,1fr) 14rem;gap:2rem;max-width:90rem;margin:0 auto;padding:1.5rem}
nav.pages ul{list-style:none;margin:0;padding-left:1rem}nav.pages>ul{padding-left:0}
nav.pages a{display:block;padding:.15rem 0;color:var(--muted);text-decoration:none}
nav.pages a[aria-current]{color:var(--accent);font-weight:600}
aside.outline{font-size:.9rem}aside.outline ul{list-style:none;padding-left:0}aside.outline .level-3{padding-left:1rem}
main{min-width:0}main h1{margin-top:0}.description{color:var(--muted);font-size:1.1rem}
pre{background:var(--panel);padding:1rem;overflow:auto;border-radius:6px}code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
table{border-collapse:collapse}th,td{border:1px solid var(--line);padding:.4rem .6rem}
img{max-width:100%}
.hint{border-left:4px solid var(--accent);padding:.5rem 1rem;margin:1rem 0;border-radius:4px;background:var(--info)}
.hint-success{background:var(--success)}.hint-warning{background:var(--warning)}.hint-danger{background:var(--danger)}
.tabs{border:1px solid var(--line);border-radius:6px;padding:0 1rem}.tab-title{font-weight:600;border-bottom:1px solid var(--line)}
.pagination{display:flex;justify-content:space-between;gap:1rem;margin-top:3rem;border-top:1px solid var(--line);padding-top:1rem}
.pagination .next{margin-left:auto;text-align:right}
form.search{margin-left:auto;display:flex;gap:.5rem}form.search input{font:inherit;padding:.25rem .5rem}
ol.search-results{padding-left:1.25rem}ol.search-results .where,ol.search-results .excerpt{color:var(--muted);margin:.25rem 0}
main.refusal{max-width:40rem;margin:4rem auto;padding:0 1.5rem}
footer{color:var(--muted);font-size:.85rem;padding:1rem 1.5rem;border-top:1px solid var(--line)}
@media (max-width:60rem){.layout{grid-template-columns:1fr}aside.outline{display:none}}
${CODE_STYLE}`;

/**
 * The Content-Security-Policy of every served answer: nothing but the page's own stylesheet (by its
 * hash), images from anywhere over HTTPS or this server, scripts from this server only (the code blocks'
 * copy button, code-assets.ts; no inline script), no frames, no plugins, forms (the
 * search box) submitted to this server only.
 */
export const SITE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "script-src 'self'",
  "img-src 'self' https: data:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function linkList(links: readonly SiteLink[]): string {
  const items = links.map(
    (l) => `<li><a href="${escapeHtml(l.href)}"${l.current ? ' aria-current="page"' : ''}>${escapeHtml(l.title)}</a></li>`,
  );
  return `<ul>${items.join('')}</ul>`;
}

/** The page tree as nested lists (entries in tree order, each at its depth). */
export function navTree(entries: readonly NavEntry[]): string {
  const out: string[] = ['<ul>'];
  let depth = 1;
  let open = false;
  for (const entry of entries) {
    if (entry.depth > depth) {
      // A child: its list opens inside the open item (one level at a time, so a skipped level stays well formed).
      for (; depth < entry.depth; depth++) out.push('<ul>');
    } else {
      if (open) out.push('</li>');
      for (; depth > entry.depth; depth--) out.push('</ul></li>');
    }
    out.push(`<li><a href="${escapeHtml(entry.href)}"${entry.current ? ' aria-current="page"' : ''}>${escapeHtml(entry.title)}</a>`);
    open = true;
  }
  if (open) out.push('</li>');
  for (; depth > 1; depth--) out.push('</ul></li>');
  out.push('</ul>');
  return out.join('');
}

function outlineList(outline: readonly OutlineEntry[]): string {
  if (outline.length === 0) return '';
  const items = outline.map((h) => `<li class="level-${h.level}"><a href="#${escapeHtml(h.id)}">${escapeHtml(h.text)}</a></li>`);
  return `<aside class="outline" aria-label="On this page"><p>On this page</p><ul>${items.join('')}</ul></aside>`;
}

function pagination(previous: SiteLink | undefined, next: SiteLink | undefined): string {
  if (!previous && !next) return '';
  const link = (l: SiteLink | undefined, rel: 'prev' | 'next', label: string) =>
    l
      ? `<a class="${rel === 'prev' ? 'previous' : 'next'}" rel="${rel}" href="${escapeHtml(l.href)}">${label}: ${escapeHtml(l.title)}</a>`
      : '';
  return `<nav class="pagination" aria-label="Pagination">${link(previous, 'prev', 'Previous')}${link(next, 'next', 'Next')}</nav>`;
}

const NOINDEX = '<meta name="robots" content="noindex, nofollow">';

/**
 * The start of every served document up to its body: the title, `lines` (meta and links, each ending
 * in a newline), the empty icon and the stylesheet.
 */
function documentHead(title: string, lines: string, { style = STYLE, script = '' }: { style?: string; script?: string } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${lines}<link rel="icon" href="data:image/x-icon;base64,">
<style>${style}</style>
${script}</head>
`;
}

/**
 * The small page a person in a browser is shown instead of a page they may not read (reader-error.ts):
 * the site's styles, a heading and the reason; never indexed, and naming nothing of the site (a refused
 * share-link reader must not learn that it exists).
 */
export function refusalDocument(heading: string, reason: string): string {
  return `${documentHead(heading, `${NOINDEX}\n`)}<body>
<main class="refusal">
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(reason)}</p>
</main>
</body>
</html>
`;
}

/** A served page: server-rendered HTML that needs no script (the copy buttons of code blocks come with one). */
export function pageDocument(view: PageView): string {
  const title = view.title === view.siteTitle ? view.title : `${view.title} | ${view.siteTitle}`;
  const lines =
    (view.description ? `<meta name="description" content="${escapeHtml(view.description)}">\n` : '') +
    (view.indexable ? '' : `${NOINDEX}\n`) +
    (view.markdownHref ? `<link rel="alternate" type="text/markdown" href="${escapeHtml(view.markdownHref)}">\n` : '');
  const script = `<script src="${COPY_SCRIPT_PATH}" defer></script>\n`;
  return `${documentHead(title, lines, { style: view.style ?? STYLE, script })}<body>
<header>
<a class="site-title" href="${escapeHtml(view.homeHref)}">${escapeHtml(view.siteTitle)}</a>
${view.tabs.length > 1 ? `<nav class="tabs" aria-label="Sections">${linkList(view.tabs)}</nav>` : ''}
${view.variants.length > 1 ? `<nav class="variants" aria-label="Variants">${linkList(view.variants)}</nav>` : ''}
${view.headerLinks ?? ''}
<form class="search" role="search" method="get" action="${escapeHtml(view.searchHref)}">\
<input type="search" name="q" aria-label="Search the site" placeholder="Search" maxlength="512" value="${escapeHtml(view.query ?? '')}">\
<button type="submit">Search</button></form>
</header>
<div class="layout">
<nav class="pages" aria-label="Pages">${view.navHtml ?? navTree(view.nav)}</nav>
<main>
<article>
<h1>${escapeHtml(view.title)}</h1>
${view.description ? `<p class="description">${escapeHtml(view.description)}</p>\n` : ''}${view.html}
</article>
${pagination(view.previous, view.next)}
</main>
${outlineList(view.outline)}
</div>
<footer>${view.footer ?? ''}${view.markdownHref ? `<a href="${escapeHtml(view.markdownHref)}">View as Markdown</a>` : ''}</footer>
</body>
</html>
`;
}
