import { notFound } from '@docs/platform';
import { SiteState } from '../sites/site.decider';
import { SiteDoc } from '../sites/sites.read-model';

/**
 * A `shareKey` query parameter: it must be the key of an active share link of the site (a wrong or
 * inactive key is 404, as if the site were not there), and on a share-link site it resolves the
 * published URLs (they carry it). Absent: null.
 */
export function resolveShareKey(site: SiteDoc, shareKey: string | undefined): string | null {
  if (shareKey === undefined) return null;
  const state = site.state as SiteState;
  if (!state.shareLinks.some((l) => l.active && l.key === shareKey)) throw notFound('share link not found');
  return state.settings.visibility === 'share-link' ? shareKey : null;
}
