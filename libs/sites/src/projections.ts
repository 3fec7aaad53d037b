import { Projection } from '@docs/platform/projections';
import { servedSitesProjection } from './serving/served-sites.projection';
import { sitesProjection } from './sites/sites.projection';
import { siteRedirectsProjection } from './redirects/redirects.projection';

// `@docs/sites/projections` (for apps/api/projections.ts): the projections and the audit catalog, without the HTTP layer.
export { SITES_AUDIT_CATALOG } from './audit-catalog';

/** Every projection of the sites context. */
export const SITES_CONTEXT_PROJECTIONS: Projection[] = [sitesProjection, servedSitesProjection, siteRedirectsProjection];
