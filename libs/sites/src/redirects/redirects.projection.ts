import { defineProjection, deleteWhere } from '@docs/platform/projections';
import type { SiteDeleted, SiteRedirectEvent } from '../sites/site.events';
import { SITE_REDIRECTS } from './redirects.read-model';

/** The redirects of sites, from their site's stream; a deleted site takes its redirects with it. */
export const siteRedirectsProjection = defineProjection<SiteRedirectEvent | SiteDeleted>({
  name: 'site-redirects',
  version: 1,
  collections: [SITE_REDIRECTS],
  on: {
    SiteRedirectCreated({ data: { siteId, organizationId, redirect }, metadata: { occurredAt } }, w) {
      w.put(SITE_REDIRECTS, { ...redirect, siteId, organizationId, createdAt: occurredAt, sortUpdatedAt: occurredAt });
    },
    async SiteRedirectUpdated({ data: { siteId, organizationId, redirect }, metadata: { occurredAt } }, w) {
      const before = await w.get(SITE_REDIRECTS, redirect.id);
      const createdAt = before?.createdAt ?? occurredAt;
      w.put(SITE_REDIRECTS, { ...redirect, siteId, organizationId, createdAt, updatedAt: occurredAt, sortUpdatedAt: occurredAt });
    },
    SiteRedirectDeleted({ data: { redirectId } }, w) {
      w.delete(SITE_REDIRECTS, redirectId);
    },
    SiteDeleted: ({ data: { siteId } }, w) => deleteWhere(w, SITE_REDIRECTS, 'siteId', siteId),
  },
});
