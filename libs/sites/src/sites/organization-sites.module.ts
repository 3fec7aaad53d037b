import { Global, Injectable, Module } from '@nestjs/common';
import { OrganizationSites } from '@docs/organizations';
import { SitesReadModel } from './sites.read-model';

/** The sites context's answer to organizations' OrganizationSites, from the sites read model. */
@Injectable()
export class SitesOfOrganizations extends OrganizationSites {
  constructor(private readonly sites: SitesReadModel) {
    super();
  }

  async has(organizationId: string, siteId: string): Promise<boolean> {
    return (await this.sites.site(organizationId, siteId)) !== null;
  }
}

/**
 * Answers organizations' OrganizationSites (which sites an organization's defaultContent may name).
 * Global, because the organizations context asks without importing this one (it is upstream of sites).
 */
@Global()
@Module({
  providers: [SitesReadModel, { provide: OrganizationSites, useClass: SitesOfOrganizations }],
  exports: [OrganizationSites],
})
export class OrganizationSitesModule {}
