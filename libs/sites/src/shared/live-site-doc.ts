import { Doc, ProjectionWriter, ReadModel } from '@docs/platform/projections';
import type { SiteState } from '../sites/site.decider';

/**
 * A read model's document of a site, after one of the site's events: `doc()` while the site is
 * live, and none once it is deleted. Says whether the site is live.
 */
export function writeLiveSiteDoc<D extends Doc>(w: ProjectionWriter, collection: ReadModel<D>, state: SiteState, doc: () => D): boolean {
  const live = state.status === 'live';
  if (live) w.put(collection, doc());
  else w.delete(collection, state.siteId);
  return live;
}
