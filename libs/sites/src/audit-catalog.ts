import { auditCatalog } from '@docs/organizations';
import { SiteEvent } from './sites/site.events';

const site = { type: 'site', idField: 'siteId' } as const;
const siteSpace = { type: 'site-space', idField: 'siteSpaceId' } as const;
const section = { type: 'site-section', idField: 'sectionId' } as const;
const group = { type: 'site-section-group', idField: 'groupId' } as const;
const shareLink = { type: 'site-share-link', idField: 'shareLinkId' } as const;

/**
 * The sites context's events in the organization audit trail (composed in apps/api/app.module.ts):
 * every site event. A new site event must be added here (the type asks for every one).
 */
export const SITES_AUDIT_CATALOG = auditCatalog<SiteEvent>({
  SiteCreated: { label: 'Site created', target: site },
  SiteUpdated: { label: 'Site updated', target: site },
  SitePublished: { label: 'Site published', target: site },
  SiteUnpublished: { label: 'Site unpublished', target: site },
  SiteDeleted: { label: 'Site deleted', target: site },
  SiteSpaceAdded: { label: 'Site space added', target: siteSpace },
  SiteSpaceUpdated: { label: 'Site space updated', target: siteSpace },
  SiteSpaceRemoved: { label: 'Site space removed', target: siteSpace },
  SiteSpacesDetached: { label: 'Site spaces detached', target: site },
  SiteDefaultSiteSpaceSet: { label: 'Site default space set', target: siteSpace },
  SiteSectionAdded: { label: 'Site section added', target: section },
  SiteSectionUpdated: { label: 'Site section updated', target: section },
  SiteSectionRemoved: { label: 'Site section removed', target: section },
  SiteSpacesMoved: { label: 'Site spaces moved', target: site },
  SiteDefaultSectionSet: { label: 'Site default section set', target: section },
  SiteSectionGroupAdded: { label: 'Site section group added', target: group },
  SiteSectionGroupUpdated: { label: 'Site section group updated', target: group },
  SiteSectionGroupRemoved: { label: 'Site section group removed', target: group },
  SiteSectionGrouped: { label: 'Site section grouped', target: section },
  SiteSectionUngrouped: { label: 'Site section ungrouped', target: section },
  SiteStructureItemMoved: { label: 'Site structure item moved', target: site },
  SiteShareLinkCreated: { label: 'Site share link created', target: shareLink },
  SiteShareLinkUpdated: { label: 'Site share link updated', target: shareLink },
  SiteShareLinkDeleted: { label: 'Site share link deleted', target: shareLink },
  SiteAdaptiveSchemaUpdated: { label: 'Site adaptive content schema updated', target: site },
});
