import { Injectable, PipeTransform } from '@nestjs/common';
import { AuthenticatedRequest, RequestScope, scopeInput } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { SiteScope } from './sites-scope';
import { SitesReadModel } from '../sites/sites.read-model';

@Injectable()
export class SiteScopePipe implements PipeTransform<AuthenticatedRequest, SiteScope> {
  constructor(
    private readonly directory: OrganizationDirectory,
    private readonly sites: SitesReadModel,
  ) {}

  transform(request: AuthenticatedRequest): SiteScope {
    const { id: organizationId, caller } = scopeInput(request, 'organizationId');
    const { id: siteId } = scopeInput(request, 'siteId');
    return new SiteScope(organizationId, siteId, caller, this.directory, this.sites);
  }
}

/** The route's site scope: `@Site() scope: SiteScope` on `/v1/orgs/:organizationId/sites/:siteId/…` routes. */
export const Site = () => RequestScope(SiteScopePipe, ['organizationId', 'siteId']);
