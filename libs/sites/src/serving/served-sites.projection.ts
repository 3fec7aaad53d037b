import { defineProjection, eventTypesOf, handleEach, ProjectionWriter, Recorded } from '@docs/platform/projections';
import type { LiveContentChanged, SpaceLifecycleEvent } from '@docs/content/events';
import type { OrganizationSettingsChanged } from '@docs/organizations/events';
import { applySiteEvent, initialSiteState, siteAggregate, SiteEvent, SiteState } from '../sites/site.decider';
import { writeLiveSiteDoc } from '../shared/live-site-doc';
import { SERVED_ORGANIZATIONS, SERVED_SITES, SERVED_SPACES, ServedSpaceDoc } from './served-sites.read-model';

/** Where readers find the site under PUBLIC_URL/sites/ while it is published. */
const routeOf = (state: SiteState) => (state.published ? `${state.organizationId}/${state.settings.basename ?? state.siteId}` : null);

async function siteEvent(event: Recorded<SiteEvent>, w: ProjectionWriter): Promise<void> {
  const doc = await w.get(SERVED_SITES, event.data.siteId);
  if (!doc && event.type !== 'SiteCreated') return;
  const state = applySiteEvent(doc ? doc.state : initialSiteState(), event, event.metadata.occurredAt);
  writeLiveSiteDoc(w, SERVED_SITES, state, () => ({
    id: state.siteId,
    organizationId: state.organizationId,
    route: routeOf(state),
    hostname: state.published ? state.settings.hostname : null,
    version: String(event.revision),
    state,
  }));
}

const space = (w: ProjectionWriter, spaceId: string, change: Partial<ServedSpaceDoc>) =>
  w.update(SERVED_SPACES, spaceId, (doc) => doc && { ...doc, ...change }).then(() => undefined);

/**
 * The readers' side of sites: every live site (folded with the decider's `applySiteEvent`) with its
 * route and hostname while published, the live revision of every space, and organizations' hostnames, so a served page is
 * read from these documents and content's revisions, never through the API.
 */
export const servedSitesProjection = defineProjection<SiteEvent | SpaceLifecycleEvent | LiveContentChanged | OrganizationSettingsChanged>({
  name: 'served-sites',
  version: 1,
  collections: [SERVED_SITES, SERVED_SPACES, SERVED_ORGANIZATIONS],
  on: {
    // Every event of site streams (the aggregate names each it writes), folded into the site's state.
    ...handleEach(eventTypesOf<SiteEvent>(siteAggregate), siteEvent),
    OrganizationSettingsChanged({ data: { organizationId, changes } }, w) {
      if (changes.hostname !== undefined) w.put(SERVED_ORGANIZATIONS, { id: organizationId, hostname: changes.hostname });
    },
    SpaceCreated({ data: { spaceId, title, revisionId } }, w) {
      w.put(SERVED_SPACES, { id: spaceId, title, revision: revisionId, active: true });
    },
    SpaceUpdated: ({ data: { spaceId, changes } }, w) =>
      changes.title === undefined ? undefined : space(w, spaceId, { title: changes.title }),
    LiveContentChanged: ({ data: { spaceId, revisionId } }, w) => space(w, spaceId, { revision: revisionId }),
    SpaceDeleted: ({ data: { spaceId } }, w) => space(w, spaceId, { active: false }),
    SpaceRestored: ({ data: { spaceId } }, w) => space(w, spaceId, { active: true }),
    SpacePurged({ data: { spaceId } }, w) {
      w.delete(SERVED_SPACES, spaceId);
    },
    // A space moved to another organization leaves its sites (their streams record it later).
    SpaceTransferred: ({ data: { spaceId } }, w) => space(w, spaceId, { active: false }),
  },
});
