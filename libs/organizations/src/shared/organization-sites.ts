/**
 * Whether a site is one of an organization's: what an organization's `defaultContent` may name.
 * Sites belong to the sites context, downstream of this one, so organizations states the question
 * and sites answers it (sites' OrganizationSitesModule, global, provides it).
 */
export abstract class OrganizationSites {
  /** The site exists, is not deleted, and belongs to the organization. */
  abstract has(organizationId: string, siteId: string): Promise<boolean>;
}
