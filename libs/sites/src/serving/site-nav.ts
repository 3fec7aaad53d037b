import { Lru } from '@docs/platform';
import { escapeHtml, NavEntry } from './site-html';

/** A listed page as the navigation shows it: its link, and the page it is under (null at the top level). */
export interface NavPage extends NavEntry {
  id: string;
  parent: string | null;
}

/** The pages under one parent as a collapsed list (`<ul>…</ul>`), and where each item's pieces are in it. */
interface NavList {
  html: string;
  /** By page id: the offset just after its link's `href` attribute, and the offset of its item's `</li>`. */
  items: Map<string, { mark: number; close: number }>;
}

/** A site space's navigation in pieces: the list of each parent's children (null: the top level), and the pages it lists. */
interface PreparedNav {
  lists: Map<string | null, NavList>;
  listed: Set<string>;
}

/** Navigations kept: one per revision and URL base shown lately (some 100 bytes a page). */
const CACHED_NAVS = 64;
const CURRENT = ' aria-current="page"';

/**
 * The navigation of served pages, as a docs sidebar shows a large site (GitBook's): every top-level
 * page, plus the children of the current page and of each of its ancestors, other branches collapsed;
 * plain nested lists, so it works without JavaScript. Built once per revision and URL base, in pieces
 * (each parent's list of children, collapsed): an answer splices the lists of its branch together
 * and marks its page's link current, so a page of a 1,000-page site costs a slice of that, not a rebuild.
 */
export class SiteNav {
  private readonly kept = new Lru<PreparedNav>(CACHED_NAVS);

  /**
   * The navigation HTML of the listed pages `entries` gives (in tree order; called on first use of `key`,
   * which names the revision and URL base they come from) for `current`: its branch open, its link marked.
   * `parentOf` walks up from it through every page of the revision, listed or not: a hidden page
   * (not listed) opens the branch of its nearest listed ancestor, with no link marked.
   */
  html(key: string, entries: () => readonly NavPage[], current: string, parentOf: (id: string) => string | null | undefined): string {
    let nav = this.kept.get(key);
    if (!nav) {
      nav = prepare(entries());
      this.kept.set(key, nav);
    }
    return splice(nav, branchOf(nav, current, parentOf), current);
  }
}

/** The listed pages from the top level down to `current` (or to its nearest listed ancestor). */
function branchOf(nav: PreparedNav, current: string, parentOf: (id: string) => string | null | undefined): string[] {
  const branch: string[] = [];
  // As long as the tree is deep; a page seen twice (a malformed parent chain) ends it.
  for (let id: string | null | undefined = current; id != null && !branch.includes(id); id = parentOf(id)) branch.push(id);
  // A listed page's ancestors are all listed: the listed part of the branch is its top.
  const top = branch.reverse();
  const end = top.findIndex((id) => !nav.listed.has(id));
  return end < 0 ? top : top.slice(0, end);
}

/** The top-level list with each page of `open` (top first) followed by its children's list. */
function splice(nav: PreparedNav, open: readonly string[], current: string): string {
  const out: string[] = [];
  const tails: string[] = [];
  let list = nav.lists.get(null);
  for (const id of open) {
    const item = list?.items.get(id);
    if (!list || !item) break;
    out.push(list.html.slice(0, item.mark), id === current ? CURRENT : '', list.html.slice(item.mark, item.close));
    tails.push(list.html.slice(item.close));
    list = nav.lists.get(id);
  }
  if (list) out.push(list.html);
  return out.join('') + tails.reverse().join('');
}

function prepare(entries: readonly NavPage[]): PreparedNav {
  const items = new Map<string | null, string[]>();
  const byId = new Map(entries.map((e) => [e.id, e]));
  for (const entry of entries) {
    // A page whose parent is not listed (none should be) shows at the top level rather than nowhere.
    const parent = entry.parent !== null && byId.has(entry.parent) ? entry.parent : null;
    const siblings = items.get(parent) ?? [];
    siblings.push(entry.id);
    items.set(parent, siblings);
  }
  const nav: PreparedNav = { lists: new Map(), listed: new Set(byId.keys()) };
  if (!items.has(null)) items.set(null, []);
  for (const [parent, ids] of items) {
    let html = '<ul>';
    const at = new Map<string, { mark: number; close: number }>();
    for (const id of ids) {
      const { href, title } = byId.get(id)!;
      html += `<li><a href="${escapeHtml(href)}"`;
      const mark = html.length;
      html += `>${escapeHtml(title)}</a>`;
      at.set(id, { mark, close: html.length });
      html += '</li>';
    }
    nav.lists.set(parent, { html: `${html}</ul>`, items: at });
  }
  return nav;
}
