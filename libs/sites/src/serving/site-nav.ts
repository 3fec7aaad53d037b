import { Lru } from '@docs/platform';
import { escapeHtml, NavEntry, navTree } from './site-html';

/** A site space's navigation as HTML, no page current, and where each page's link is marked current. */
interface PreparedNav {
  html: string;
  /** By page id: the offset just after its link's `href` attribute. */
  marks: Map<string, number>;
}

/** Navigations kept: one per revision and URL base shown lately (some 100 bytes a page). */
const CACHED_NAVS = 64;
const CURRENT = ' aria-current="page"';

/**
 * The navigation of served pages, built once per revision and URL base: a revision's pages, their
 * titles and URLs never change, and building the nested list of a 1,000-page site (URLs, escapes)
 * was most of a page answer's CPU. Each answer only marks its page's link current (one copy).
 */
export class SiteNav {
  private readonly kept = new Lru<PreparedNav>(CACHED_NAVS);

  /**
   * The navigation HTML of the pages `entries` gives (called on first use of `key`, which names the
   * revision and URL base they come from), with `current`'s link marked; none marked for a page it does not list.
   */
  html(key: string, entries: () => (NavEntry & { id: string })[], current: string): string {
    let nav = this.kept.get(key);
    if (!nav) {
      nav = prepare(entries());
      this.kept.set(key, nav);
    }
    const at = nav.marks.get(current);
    return at === undefined ? nav.html : `${nav.html.slice(0, at)}${CURRENT}${nav.html.slice(at)}`;
  }
}

function prepare(entries: readonly (NavEntry & { id: string })[]): PreparedNav {
  const html = navTree(entries.map(({ title, href, depth }) => ({ title, href, depth })));
  const marks = new Map<string, number>();
  // The links are in the entries' order: one pass over the HTML finds them all.
  let from = 0;
  for (const entry of entries) {
    const link = `<a href="${escapeHtml(entry.href)}"`;
    const at = html.indexOf(link, from);
    if (at < 0) continue;
    marks.set(entry.id, at + link.length);
    from = at + link.length;
  }
  return { html, marks };
}
