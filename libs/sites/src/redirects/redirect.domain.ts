/**
 * A site's redirects (GitBook's SiteRedirect): a source path of the site, live or draft, sent to a
 * destination. Pure: sources, matching, and the loops a change would close (docs/sites-design.md,
 * "Redirects").
 */

export type RedirectDestination =
  | { kind: 'site-section'; siteSectionId: string }
  | { kind: 'site-space'; siteSpaceId: string }
  | { kind: 'site-page'; siteSpaceId: string; pageId: string }
  | { kind: 'external'; url: string };

/** A redirect as events carry it (when it was created and changed is the events' metadata). */
export type SiteRedirectEntry = {
  id: string;
  /** Normalised (normalisedSource). */
  source: string;
  draft: boolean;
  captureWildcard: boolean;
  permanent: boolean;
  destination: RedirectDestination;
};

/** Redirects a site holds at most, live and draft together. */
export const MAX_SITE_REDIRECTS = 5000;
/** Redirects a reader is sent through at most (browsers give up after 20): a longer chain is refused as a loop. */
export const MAX_REDIRECT_HOPS = 20;
/** Items of one bulkUpsertSiteRedirects (GitBook's maxItems). */
export const MAX_BULK_REDIRECTS = 500;

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * A source path as stored and looked up (RFC 3986, 6.2.2): percent-encoded unreserved characters
 * decoded (`%41` is `A`), other escapes in upper case (`%2f` is `%2F`). The edge has checked
 * GitBook's pattern (a leading slash, no empty segment, a wildcard only at the end).
 */
export function normalisedSource(source: string): string {
  return source.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/** `/docs/*` and `/docs*` match by prefix (`/docs/` and `/docs`); any other source only itself. */
const prefixOf = (source: string): string | null => (source.endsWith('*') ? source.slice(0, -1) : null);

/** The sources that may match `path`: itself, and every prefix of it with a `*`. Looked up at once. */
export function candidateSources(path: string): string[] {
  const out = [path];
  for (let end = 1; end <= path.length; end++) out.push(`${path.slice(0, end)}*`);
  return out;
}

/** The redirect that applies to `path` among `redirects`: its own source, else the longest matching wildcard. */
export function matching(path: string, redirects: Iterable<SiteRedirectEntry>): SiteRedirectEntry | null {
  let best: SiteRedirectEntry | null = null;
  let bestLength = -1;
  for (const r of redirects) {
    if (r.source === path) return r;
    const prefix = prefixOf(r.source);
    if (prefix !== null && path.startsWith(prefix) && prefix.length > bestLength) {
      best = r;
      bestLength = prefix.length;
    }
  }
  return best;
}

/**
 * The site path a redirect sends `path` to, when it names this site by URL (an `external` URL
 * under one of the site's `bases`), with the wildcard's suffix appended when it captures it; null
 * for a section, site space or page (content answers there, redirects apply only where none does)
 * or another site.
 */
export function targetPath(redirect: SiteRedirectEntry, path: string, bases: readonly string[]): string | null {
  if (redirect.destination.kind !== 'external') return null;
  const url = redirect.destination.url.split(/[?#]/)[0]!;
  const base = bases.find((b) => url === b || url.startsWith(`${b}/`));
  if (base === undefined) return null;
  let target = normalisedSource(url.slice(base.length) || '/');
  const prefix = prefixOf(redirect.source);
  if (redirect.captureWildcard && prefix !== null) target = `${target.replace(/\/$/, '')}/${path.slice(prefix.length).replace(/^\//, '')}`;
  return target;
}

/** Live redirects by source, as a write leaves them: the stored ones the walk looked up, with the write's changes over them. */
export interface RedirectGraph {
  /** The stored live redirects that may match each path looked up (every candidate source). */
  stored: ReadonlyMap<string, readonly SiteRedirectEntry[]>;
  /** The write's live redirects by source (they win over stored ones), and sources it removes from live (null). */
  changed: ReadonlyMap<string, SiteRedirectEntry | null>;
  bases: readonly string[];
}

export type LoopCheck = { loop: string[] } | { loop: null } | { missing: string };

/**
 * Follows the redirects from `start` (a changed redirect's source) as a reader would be sent, up
 * to `limit` hops: a loop when a path comes back, or when the chain is longer. Stops when a path needs stored redirects that
 * were not looked up yet (`missing`): the application looks them up and asks again.
 */
export function followFrom(start: string, graph: RedirectGraph, limit = MAX_REDIRECT_HOPS): LoopCheck {
  const seen: string[] = [];
  let path = start;
  for (let hop = 0; hop <= limit; hop++) {
    if (seen.includes(path)) return { loop: [...seen.slice(seen.indexOf(path)), path] };
    seen.push(path);
    const stored = graph.stored.get(path);
    if (!stored) return { missing: path };
    const live = [
      ...stored.filter((r) => !graph.changed.has(r.source)),
      ...[...graph.changed.values()].filter((r): r is SiteRedirectEntry => r !== null),
    ];
    const redirect = matching(path, live);
    const next = redirect && targetPath(redirect, path, graph.bases);
    if (!next) return { loop: null };
    path = next;
  }
  return { loop: seen };
}
