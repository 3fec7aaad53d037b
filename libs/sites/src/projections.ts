import { Projection } from '@docs/platform/projections';
import { servedSitesProjection } from './serving/served-sites.projection';
import { sitesProjection } from './sites/sites.projection';
import { siteRedirectsProjection } from './redirects/redirects.projection';

/** Every projection of the sites context. */
export const SITES_CONTEXT_PROJECTIONS: Projection[] = [sitesProjection, servedSitesProjection, siteRedirectsProjection];
