/**
 * The sites context's published language: every event it writes (stream `site-<siteId>`), as types
 * only. Other contexts import these with `import type { ... } from '@docs/sites/events'`; nothing
 * here loads code.
 */
export type {
  SiteEvent,
  SiteCreated,
  SiteUpdated,
  SitePublished,
  SiteUnpublished,
  SiteDeleted,
  SiteSpaceAdded,
  SiteSpaceUpdated,
  SiteSpaceRemoved,
  SiteSpacesDetached,
  SiteDefaultSiteSpaceSet,
  SiteSectionAdded,
  SiteSectionUpdated,
  SiteSectionRemoved,
  SiteSpacesMoved,
  SiteDefaultSectionSet,
  SiteSectionGroupAdded,
  SiteSectionGroupUpdated,
  SiteSectionGroupRemoved,
  SiteSectionGrouped,
  SiteSectionUngrouped,
  SiteStructureItemMoved,
  SiteShareLinkCreated,
  SiteShareLinkUpdated,
  SiteShareLinkDeleted,
  SiteAdaptiveSchemaUpdated,
  SiteCustomizationUpdated,
  SiteSpaceCustomizationOverridden,
  SiteSpaceCustomizationRemoved,
  SiteRedirectCreated,
  SiteRedirectUpdated,
  SiteRedirectDeleted,
  SiteRedirectEvent,
  SiteVisitorAuthUpdated,
  SiteVisitorAuthKeyRegenerated,
  VisitorAuthChanges,
  SiteSettings,
  SiteType,
  SiteVisibility,
  AgentsContext,
  StructureItemRef,
} from './sites/site.events';
export type { AdaptiveJsonSchema } from './adaptive-content/adaptive-schema.domain';
export type { CustomizationOverride, CustomizationSettings } from './customization/customization.domain';
export type { SiteRedirectEntry, RedirectDestination } from './redirects/redirect.domain';
