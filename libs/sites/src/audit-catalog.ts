import { auditCatalog } from '@docs/kernel';
import { SiteEvent } from './sites/site.events';

const site = { type: 'site', idField: 'siteId' } as const;
const siteSpace = { type: 'site-space', idField: 'siteSpaceId' } as const;
const section = { type: 'site-section', idField: 'sectionId' } as const;
const group = { type: 'site-section-group', idField: 'groupId' } as const;
const shareLink = { type: 'site-share-link', idField: 'shareLinkId' } as const;

/**
 * The sites context's events in the organization audit trail (composed in apps/api/projections.ts):
 * every site event, in the order GET .../audit-event-actions lists them. A new site event must be
 * added here (the type asks for every one).
 */
export const SITES_AUDIT_CATALOG = auditCatalog<SiteEvent>((on) => ({
  ...on(site, ['SiteCreated', 'SiteUpdated', 'SitePublished', 'SiteUnpublished', 'SiteDeleted']),
  ...on(siteSpace, ['SiteSpaceAdded', 'SiteSpaceUpdated', 'SiteSpaceRemoved']),
  ...on(site, ['SiteSpacesDetached']),
  ...on(siteSpace, { SiteDefaultSiteSpaceSet: 'Site default space set' }),
  ...on(section, ['SiteSectionAdded', 'SiteSectionUpdated', 'SiteSectionRemoved']),
  ...on(site, ['SiteSpacesMoved']),
  ...on(section, ['SiteDefaultSectionSet']),
  ...on(group, ['SiteSectionGroupAdded', 'SiteSectionGroupUpdated', 'SiteSectionGroupRemoved']),
  ...on(section, ['SiteSectionGrouped', 'SiteSectionUngrouped']),
  ...on(site, ['SiteStructureItemMoved']),
  ...on(shareLink, ['SiteShareLinkCreated', 'SiteShareLinkUpdated', 'SiteShareLinkDeleted']),
  ...on(site, { SiteAdaptiveSchemaUpdated: 'Site adaptive content schema updated' }),
  ...on(site, ['SiteCustomizationUpdated']),
  ...on(siteSpace, ['SiteSpaceCustomizationOverridden', 'SiteSpaceCustomizationRemoved']),
  // A redirect's id is inside the created and updated ones' data: the site is their target.
  ...on(site, ['SiteRedirectCreated', 'SiteRedirectUpdated', 'SiteRedirectDeleted']),
  ...on(site, { SiteVisitorAuthUpdated: 'Site visitor authentication updated' }),
  ...on(site, { SiteVisitorAuthKeyRegenerated: 'Site visitor authentication key regenerated' }),
}));
