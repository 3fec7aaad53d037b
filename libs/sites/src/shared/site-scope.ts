import { RequestScope, scopeInput, scopePipe } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { SiteScope } from './sites-scope';
import { SitesReadModel } from '../sites/sites.read-model';

export const SiteScopePipe = scopePipe([OrganizationDirectory, SitesReadModel], (request, directory, sites) => {
  const { id: organizationId, caller } = scopeInput(request, 'organizationId');
  const { id: siteId } = scopeInput(request, 'siteId');
  return new SiteScope(organizationId, siteId, caller, directory, sites);
});

/** The route's site scope: `@Site() scope: SiteScope` on `/v1/orgs/:organizationId/sites/:siteId/…` routes. */
export const Site = () => RequestScope(SiteScopePipe, ['organizationId', 'siteId']);
