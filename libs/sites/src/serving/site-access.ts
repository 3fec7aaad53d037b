import type { SiteState } from '../sites/site.decider';
import { notServed } from './reader-error';

/** The cookie that carries a share link's key for one site (its Path scopes it to the site). */
export const shareCookieName = (siteId: string) => `site_share_${siteId}`;

/** The value of cookie `name` in a Cookie header, if any. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const activeKey = (state: SiteState, key: string | undefined) =>
  key !== undefined && state.shareLinks.some((l) => l.active && l.key === key);

/** What a reader's request may do on the site (docs/sites-serving.md, "Who may read"). */
export type Access = { kind: 'read' } | { kind: 'admit'; key: string } | { kind: 'visitor' };

/**
 * Who may read, by visibility: `public` and `unlisted` sites anyone; `share-link` sites a reader
 * with an active link's key, given once as `?share=` (`admit`: the answer sets the cookie) and then
 * carried by the site's cookie, so a deactivated or deleted link stops working at once;
 * `visitor-auth` sites a reader with a visitor token (`visitor`: checked by visitor-auth.ts). Everything
 * refused here is 404, as for a site that does not exist.
 * No API token is ever read.
 */
export function readerAccess(state: SiteState, shareParam: string | undefined, cookieHeader: string | undefined): Access {
  switch (state.settings.visibility) {
    case 'public':
    case 'unlisted':
      return { kind: 'read' };
    case 'share-link':
      if (shareParam !== undefined) {
        if (!activeKey(state, shareParam)) throw notServed();
        return { kind: 'admit', key: shareParam };
      }
      if (activeKey(state, cookieValue(cookieHeader, shareCookieName(state.siteId)))) return { kind: 'read' };
      throw notServed();
    case 'visitor-auth':
      return { kind: 'visitor' };
    default:
      throw notServed();
  }
}
