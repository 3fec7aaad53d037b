import MarkdownIt from 'markdown-it';
import { MAX_LINKS_PER_PAGE } from '../page-tree/page-limits.domain';

/**
 * Links and backlinks (docs/content-design.md, "Links and backlinks, as built"). Two steps, both
 * pure:
 *
 * 1. `extractLinks(markdown)`: the links a body writes, as written. It depends on the body only,
 *    so the application computes it once per body hash.
 * 2. `resolveLink(link, from, targets)`: what a written link points at in one revision, and its
 *    status there (`ok`, `broken`: the target is absent from the revision, `in-app`: a URL into the
 *    application). It depends on the revision's tree and files (and, for relative links, on where
 *    the linking page is), so the application resolves once per revision (revisions never change).
 *
 * Every lookup keyed by input (paths, ids, names, URLs) goes through Maps and Sets, never plain
 * objects, so no input reaches an object prototype.
 */

/** `reference`: a link (`[text](href)`, `<url>`, a bare URL, a reference-style link); `embed`: an image (`![alt](src)`). */
export type LinkRelation = 'reference' | 'embed';
export const LINK_RELATIONS: readonly LinkRelation[] = ['reference', 'embed'];

/**
 * `ok`: the target is there (or is outside, unchecked); `broken`: the target is absent from the revision; `in-app`: a URL into the
 * application.
 */
export type LinkStatus = 'ok' | 'broken' | 'in-app';
export const LINK_STATUSES: readonly LinkStatus[] = ['ok', 'broken', 'in-app'];

/** A link target as it is written, sorted by form (docs/content-api.md, "Markdown links"). */
export type LinkHref =
  /** A URL with a scheme (http, https, mailto, ...) or protocol-relative. */
  | { form: 'url'; url: string }
  /** `/files/<fileId>`. */
  | { form: 'file'; fileId: string }
  /** `/pages/<pageId>`, `/pages/<slug>/<slug>`, `/pages/<slug>.md`, `/pages/<slug>/README.md`, `/pages/README.md` (+ `#anchor`). */
  | { form: 'pages'; path: string; anchor?: string }
  /** `./sibling.md`, `../README.md`, `./section`, `other.md`, `/rooted/path` (+ `#anchor`). */
  | { form: 'relative'; path: string; anchor?: string }
  /** `#anchor`: a place in the same page. */
  | { form: 'anchor'; anchor: string };

/** One link a body writes: its relation, its target's form, and the target as written. */
export interface WrittenLink {
  relation: LinkRelation;
  href: LinkHref;
  raw: string;
}

/** GitBook's ContentRef, the kinds a markdown link can name. */
export type LinkTarget =
  | { kind: 'page'; page: string }
  | { kind: 'anchor'; anchor: string; page: string }
  | { kind: 'file'; file: string }
  | { kind: 'url'; url: string };

export type ResolvedLink = {
  relation: LinkRelation;
  target: LinkTarget;
  status: LinkStatus;
};

/** What resolving needs from a revision: its pages (by id and by path, in a tree) and its files. */
export interface LinkTargets {
  hasPage(pageId: string): boolean;
  /** The page at a path of slugs (`a/b`), if any. */
  pageAtPath(path: string): string | undefined;
  /** The page's path, for a page of the revision. */
  pathOf(pageId: string): string | undefined;
  /** Whether the page has child pages (its markdown file is then `<path>/README.md`). */
  hasChildren(pageId: string): boolean;
  /** The first top-level page (`/pages/README.md`, a README at the root). */
  firstPage(): string | undefined;
  hasFile(fileId: string): boolean;
  /** The first file named so, if any. */
  fileNamed(name: string): string | undefined;
  /** The application's origin (`https://app.example.com`): URLs there are `in-app`. */
  appOrigin?: string;
}

/** How long a target string may be to be considered at all; longer ones are kept as URLs only. */
const MAX_HREF = 8192;

/**
 * One parser for the process. markdown-it keeps no state between `parse` calls; `maxNesting`
 * bounds the depth it descends into (deeper structure stays text), and bare-URL detection only
 * takes URLs with a scheme (`fuzzyLink` would make `README.md` a link to http://README.md).
 */
const parser = (() => {
  const md = new MarkdownIt('default', { html: false, linkify: true });
  // The default preset's option, missing from @types/markdown-it's Options.
  (md.options as { maxNesting?: number }).maxNesting = 50;
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  // Keep every href as written (no punycode or percent re-encoding), and refuse none: the link
  // list reports what the body says; nothing here is rendered.
  md.normalizeLink = (url: string) => url;
  md.validateLink = () => true;
  return md;
})();

type Token = ReturnType<MarkdownIt['parse']>[number];

/**
 * The links a body writes, the first MAX_LINKS_PER_PAGE of them (docs/content-design.md, "Caps on a page"), and how many more it writes.
 */
export interface WrittenLinks {
  links: WrittenLink[];
  notListed: number;
}

/**
 * The links `markdown` writes, each once (by relation and target as written), in the order they
 * first appear, up to the cap. Never throws on any string. markdown-it is linear but slow on some
 * inputs (some 5 µs a character of `![` runs): large bodies are read in work threads (revision-links.ts).
 */
export function extractLinks(markdown: string): WrittenLinks {
  const found: WrittenLink[] = [];
  let notListed = 0;
  const seen = new Set<string>();
  const add = (relation: LinkRelation, raw: string | null) => {
    if (raw === null) return;
    const href = classifyHref(raw);
    if (!href) return;
    const key = `${relation}\u0000${raw}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (found.length < MAX_LINKS_PER_PAGE) found.push({ relation, href, raw: raw.trim() });
    else notListed++;
  };
  // Iterative walk (no recursion on input depth).
  const stack: Token[][] = [parser.parse(markdown, {})];
  while (stack.length > 0) {
    const tokens = stack.pop()!;
    const later: Token[][] = [];
    for (const token of tokens) {
      if (token.type === 'link_open') add('reference', token.attrGet('href'));
      else if (token.type === 'image') add('embed', token.attrGet('src'));
      if (token.children && token.children.length > 0) later.push(token.children);
    }
    // Children are visited after their siblings but in document order overall for inline runs.
    for (let i = later.length - 1; i >= 0; i--) stack.push(later[i]!);
  }
  return { links: found, notListed };
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Percent-decoding that never throws: a malformed escape leaves the text as written. */
function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Splits `path?query#anchor` into the path and the anchor (the query is dropped). */
function splitPath(target: string): { path: string; anchor?: string } {
  const hash = target.indexOf('#');
  const beforeHash = hash < 0 ? target : target.slice(0, hash);
  const anchor = hash < 0 ? undefined : decode(target.slice(hash + 1));
  const query = beforeHash.indexOf('?');
  const path = decode(query < 0 ? beforeHash : beforeHash.slice(0, query));
  return anchor ? { path, anchor } : { path };
}

/** The form of a written target; null for nothing to follow (empty, or only `#`). */
export function classifyHref(written: string): LinkHref | null {
  const raw = written.trim();
  if (raw === '' || raw === '#') return null;
  if (raw.length > MAX_HREF || SCHEME.test(raw) || raw.startsWith('//')) return { form: 'url', url: raw };
  if (raw.startsWith('#')) return { form: 'anchor', anchor: decode(raw.slice(1)) };
  if (raw.startsWith('/files/')) {
    const { path } = splitPath(raw.slice('/files/'.length));
    const fileId = path.split('/')[0]!;
    if (fileId !== '') return { form: 'file', fileId };
  }
  if (raw.startsWith('/pages/')) {
    const { path, anchor } = splitPath(raw.slice('/pages/'.length));
    return anchor ? { form: 'pages', path, anchor } : { form: 'pages', path };
  }
  const { path, anchor } = splitPath(raw);
  if (path === '') return anchor ? { form: 'anchor', anchor } : null;
  return anchor ? { form: 'relative', path, anchor } : { form: 'relative', path };
}

/** The parent path of a slug path (`a/b` → `a`, `a` → ``). */
const parentPath = (path: string) => {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
};

/** The page a markdown-file path names: `x.md` and `x` are the page at `x`, `x/README.md` too; `` or `README.md` is the first page. */
function pageAtFilePath(segments: readonly string[], targets: LinkTargets): string | undefined {
  const parts = [...segments];
  const last = parts[parts.length - 1];
  if (last !== undefined && /^readme\.md$/i.test(last)) parts.pop();
  else if (last !== undefined && /\.md$/i.test(last)) parts[parts.length - 1] = last.slice(0, -3);
  if (parts.length === 0) return targets.firstPage();
  return targets.pageAtPath(parts.join('/'));
}

/** `base` and `relative` joined, `.` and `..` applied; null when `..` climbs above the root. */
function joinSegments(base: string, relative: string): string[] | null {
  const out = base === '' ? [] : base.split('/');
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(segment);
  }
  return out;
}

/**
 * Where a page's relative links start: its own folder when it has children (`<path>/README.md`), else its parent's (`<parent>/<slug>.md`).
 */
function folderOf(pageId: string, targets: LinkTargets): string {
  const path = targets.pathOf(pageId) ?? '';
  return targets.hasChildren(pageId) ? path : parentPath(path);
}

const pageTarget = (page: string, anchor: string | undefined): LinkTarget =>
  anchor ? { kind: 'anchor', anchor, page } : { kind: 'page', page };

function isInApp(url: string, appOrigin: string | undefined): boolean {
  if (!appOrigin) return false;
  try {
    return new URL(url).origin === appOrigin;
  } catch {
    return false;
  }
}

/** A page path that names nothing: a file of that name, else broken (by page id for `/pages/<one segment>`, else the URL as written). */
function unresolved(link: WrittenLink, segments: readonly string[] | null, targets: LinkTargets): ResolvedLink {
  const last = segments?.[segments.length - 1];
  const file = last !== undefined ? targets.fileNamed(last) : undefined;
  if (file !== undefined) return { relation: link.relation, target: { kind: 'file', file }, status: 'ok' };
  const { href } = link;
  if (href.form === 'pages' && href.path !== '' && !href.path.includes('/') && !/\.md$/i.test(href.path)) {
    return { relation: link.relation, target: { kind: 'page', page: href.path }, status: 'broken' };
  }
  return { relation: link.relation, target: { kind: 'url', url: link.raw }, status: 'broken' };
}

/** What `link`, written in page `from`, points at in the revision `targets` describes, and its status there. */
export function resolveLink(link: WrittenLink, from: string, targets: LinkTargets): ResolvedLink {
  const { relation, href } = link;
  switch (href.form) {
    case 'url':
      return { relation, target: { kind: 'url', url: href.url }, status: isInApp(href.url, targets.appOrigin) ? 'in-app' : 'ok' };
    case 'file':
      return { relation, target: { kind: 'file', file: href.fileId }, status: targets.hasFile(href.fileId) ? 'ok' : 'broken' };
    case 'anchor':
      return { relation, target: { kind: 'anchor', anchor: href.anchor, page: from }, status: targets.hasPage(from) ? 'ok' : 'broken' };
    case 'pages': {
      const path = href.path.replace(/^\/+|\/+$/g, '');
      if (path !== '' && !path.includes('/') && targets.hasPage(path))
        return { relation, target: pageTarget(path, href.anchor), status: 'ok' };
      const segments = joinSegments('', path);
      const page = segments ? pageAtFilePath(segments, targets) : undefined;
      if (page !== undefined) return { relation, target: pageTarget(page, href.anchor), status: 'ok' };
      return unresolved(link, segments, targets);
    }
    case 'relative': {
      const segments = joinSegments(href.path.startsWith('/') ? '' : folderOf(from, targets), href.path);
      const page = segments ? pageAtFilePath(segments, targets) : undefined;
      if (page !== undefined) return { relation, target: pageTarget(page, href.anchor), status: 'ok' };
      return unresolved(link, segments, targets);
    }
  }
}

/** The identity of a resolved link: its relation and its target (two pages linking the same target share it). */
export function linkKey(link: Pick<ResolvedLink, 'relation' | 'target'>): string {
  const { relation, target } = link;
  switch (target.kind) {
    case 'page':
      return `${relation}\u0000page\u0000${target.page}`;
    case 'anchor':
      return `${relation}\u0000anchor\u0000${target.page}\u0000${target.anchor}`;
    case 'file':
      return `${relation}\u0000file\u0000${target.file}`;
    case 'url':
      return `${relation}\u0000url\u0000${target.url}`;
  }
}

/**
 * A stable id of a link key, for cursors and for comparing listings: a 64-bit hash (two 32-bit
 * lanes), some 50 times cheaper than a SHA-256, which made a listing of 50,000 links take a second.
 * A collision could only tie two links in a cursor (positions differ anyway) or in brokenBeyond.
 */
export function linkId(key: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

/** A link of a listing: its target, status, and the pages (in tree order) that write it. */
export type LinkEntry = ResolvedLink & {
  /** A stable id for cursors: linkId of its key. */
  id: string;
  /** Where it first appears in the listing (tree order), for paging. */
  position: number;
  pages: string[];
};

/** Each page's resolved links, the pages in tree order (`notListed`: the links it writes past the cap, left out). */
export type PageLinks = ReadonlyArray<{ pageId: string; links: readonly ResolvedLink[]; notListed?: number }>;

/** The links of pages added one by one (in order), one entry per key, with the pages that write each (in order). */
export class LinkGathering {
  private readonly byKey = new Map<string, LinkEntry>();

  add(pageId: string, links: readonly ResolvedLink[]): void {
    for (const link of links) {
      const key = linkKey(link);
      const entry = this.byKey.get(key);
      if (entry) {
        if (entry.pages[entry.pages.length - 1] !== pageId) entry.pages.push(pageId);
      } else {
        this.byKey.set(key, { ...link, id: linkId(key), position: this.byKey.size, pages: [pageId] });
      }
    }
  }

  entries(): LinkEntry[] {
    return [...this.byKey.values()];
  }
}

/** The links of several pages, one entry per key, with the pages that write each (in order). */
export function gatherLinks(pages: PageLinks): LinkEntry[] {
  const gathering = new LinkGathering();
  for (const { pageId, links } of pages) gathering.add(pageId, links);
  return gathering.entries();
}

/** A page's links, resolved, each once. */
export function resolvePageLinks(written: readonly WrittenLink[], from: string, targets: LinkTargets): ResolvedLink[] {
  const out: ResolvedLink[] = [];
  const seen = new Set<string>();
  for (const link of written) {
    const resolved = resolveLink(link, from, targets);
    const key = linkKey(resolved);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(resolved);
  }
  return out;
}

/** The pages (in order) with a link to the file. */
export function pagesReferencingFile(pages: PageLinks, fileId: string): string[] {
  return pages.filter(({ links }) => links.some((l) => l.target.kind === 'file' && l.target.file === fileId)).map((p) => p.pageId);
}

/** How many of `entries` are broken and not broken among `base` (what a change request's content breaks that the live content does not). */
export function brokenBeyond(entries: readonly LinkEntry[], base: readonly LinkEntry[]): number {
  const brokenInBase = new Set(base.filter((e) => e.status === 'broken').map((e) => e.id));
  return entries.filter((e) => e.status === 'broken' && !brokenInBase.has(e.id)).length;
}
