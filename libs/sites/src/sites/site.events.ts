import { DomainEvent } from '@docs/kernel';
import { AdaptiveJsonSchema } from '../adaptive-content/adaptive-schema.domain';
import type { CustomizationOverride, CustomizationSettings } from '../customization/customization.domain';
import type { SiteRedirectEntry } from '../redirects/redirect.domain';

/**
 * The sites context's events (stream `site-<siteId>`): a site with its settings, its structure
 * (site spaces, sections and section groups) and its publication. Every event names the site
 * and its organization. Who and when are the metadata's `actor` and `occurredAt`. Their meaning
 * never changes once written; a new shape is a new `schemaVersion` with an upcaster.
 */

export const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const;
export type SiteType = (typeof SITE_TYPES)[number];
export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
export type SiteVisibility = (typeof SITE_VISIBILITIES)[number];
export const AGENTS_CONTEXTS = ['excluded', 'included'] as const;
export type AgentsContext = (typeof AGENTS_CONTEXTS)[number];

/** What PATCH /sites/{siteId} changes on the site itself (null: unset). */
export type SiteSettings = {
  title: string;
  visibility: SiteVisibility;
  basename: string | null;
  hostname: string | null;
  /** The proxy origin (`company.com/docs`), or null. */
  proxy: string | null;
  adaptiveContent: boolean;
  agentsContext: AgentsContext;
};

type Ids = { siteId: string; organizationId: string };

export type SiteCreated = DomainEvent<'SiteCreated', Ids & { type: SiteType; title: string; visibility: SiteVisibility }>;
export type SiteUpdated = DomainEvent<'SiteUpdated', Ids & { changes: Partial<SiteSettings> }>;
export type SitePublished = DomainEvent<'SitePublished', Ids>;
export type SiteUnpublished = DomainEvent<'SiteUnpublished', Ids>;
export type SiteDeleted = DomainEvent<'SiteDeleted', Ids>;
/** A space was added at the root level (`sectionId` null) or in a section, at the end of that level. */
export type SiteSpaceAdded = DomainEvent<
  'SiteSpaceAdded',
  Ids & { siteSpaceId: string; spaceId: string; sectionId: string | null; path: string }
>;
/** `condition` null removes it. */
export type SiteSpaceUpdated = DomainEvent<
  'SiteSpaceUpdated',
  Ids & { siteSpaceId: string; changes: { path?: string; condition?: string | null; spaceId?: string } }
>;
export type SiteSpaceRemoved = DomainEvent<'SiteSpaceRemoved', Ids & { siteSpaceId: string }>;
/**
 * Site spaces whose space was deleted, purged or transferred to another organization (content's
 * events) left the site. The read model drops them when content's event arrives; the site's
 * stream records it with its next write (docs/sites-design.md, "Spaces that go").
 */
export type SiteSpacesDetached = DomainEvent<'SiteSpacesDetached', Ids & { siteSpaceIds: string[] }>;
/** The site space became the default of its level (the root, or its section). */
export type SiteDefaultSiteSpaceSet = DomainEvent<'SiteDefaultSiteSpaceSet', Ids & { siteSpaceId: string }>;

/** A section, at the end of the top level (or of the group `groupId`). */
export type SiteSectionAdded = DomainEvent<
  'SiteSectionAdded',
  Ids & { sectionId: string; title: string; path: string; icon: string | null; groupId: string | null }
>;
/** `icon`, `description`, `condition` null remove them. */
export type SiteSectionUpdated = DomainEvent<
  'SiteSectionUpdated',
  Ids & {
    sectionId: string;
    changes: { title?: string; path?: string; icon?: string | null; description?: string | null; condition?: string | null };
  }
>;
/** The section went with its site spaces (`siteSpaceIds`; none when the last section gave them back to the root level first). */
export type SiteSectionRemoved = DomainEvent<'SiteSectionRemoved', Ids & { sectionId: string; siteSpaceIds: string[] }>;
/** Site spaces moved to the end of another level: into the first section, or back to the root (`sectionId` null) with the last. */
export type SiteSpacesMoved = DomainEvent<'SiteSpacesMoved', Ids & { siteSpaceIds: string[]; sectionId: string | null }>;
export type SiteDefaultSectionSet = DomainEvent<'SiteDefaultSectionSet', Ids & { sectionId: string }>;
/** A group at the end of the top level, holding `sectionIds` (taken from wherever they were, in that order). */
export type SiteSectionGroupAdded = DomainEvent<
  'SiteSectionGroupAdded',
  Ids & { groupId: string; title: string; icon: string | null; sectionIds: string[] }
>;
export type SiteSectionGroupUpdated = DomainEvent<
  'SiteSectionGroupUpdated',
  Ids & { groupId: string; changes: { title?: string; icon?: string | null } }
>;
/** The group went; its sections took its place at the top level, in order. */
export type SiteSectionGroupRemoved = DomainEvent<'SiteSectionGroupRemoved', Ids & { groupId: string }>;
/** The section moved to the end of the group. */
export type SiteSectionGrouped = DomainEvent<'SiteSectionGrouped', Ids & { groupId: string; sectionId: string }>;
/** The section left the group, to the top level right after it. */
export type SiteSectionUngrouped = DomainEvent<'SiteSectionUngrouped', Ids & { groupId: string; sectionId: string }>;

/** An item of the structure: a site space, a section or a section group. */
export type StructureItemRef = { type: 'site-space' | 'site-section' | 'site-section-group'; id: string };
/**
 * An item moved before or after a sibling (`target`), or to the end of its level (no target). A
 * section placed next to a grouped section joins that group.
 */
export type SiteStructureItemMoved = DomainEvent<
  'SiteStructureItemMoved',
  Ids & { item: StructureItemRef; target: StructureItemRef | null; place: 'before' | 'after' | 'end' }
>;

/** A share link of the site, with its secret `key` (a visitor reaches a share-link site with it); active when created. */
export type SiteShareLinkCreated = DomainEvent<'SiteShareLinkCreated', Ids & { shareLinkId: string; name: string; key: string }>;
export type SiteShareLinkUpdated = DomainEvent<
  'SiteShareLinkUpdated',
  Ids & { shareLinkId: string; changes: { name?: string; active?: boolean } }
>;
export type SiteShareLinkDeleted = DomainEvent<'SiteShareLinkDeleted', Ids & { shareLinkId: string }>;
/** The site's adaptive schema (the visitor claims its conditions read) became `jsonSchema`, as given. */
export type SiteAdaptiveSchemaUpdated = DomainEvent<'SiteAdaptiveSchemaUpdated', Ids & { jsonSchema: AdaptiveJsonSchema }>;
/**
 * The site's visitor-auth settings changed: `privateKey` is the secret that signs visitors' JWTs (HS256) on a
 * visitor-auth site, `fallbackURL` where a reader without a valid token is sent (null: unset, 401 instead),
 * `logoutURL` where the login backend logs visitors out (kept and answered, as GitBook's).
 */
export type SiteVisitorAuthUpdated = DomainEvent<'SiteVisitorAuthUpdated', Ids & { changes: VisitorAuthChanges }>;
export type VisitorAuthChanges = { privateKey?: string; fallbackURL?: string | null; logoutURL?: string | null };
/**
 * The site's visitor-auth key was replaced by a new random one (regenerateSitePublishingAuthById): readers'
 * tokens signed with the old one no longer verify.
 */
export type SiteVisitorAuthKeyRegenerated = DomainEvent<'SiteVisitorAuthKeyRegenerated', Ids & { privateKey: string }>;

/** The site's customization became `settings` (GitBook's SiteCustomizationSettings, as PUT, whole). */
export type SiteCustomizationUpdated = DomainEvent<'SiteCustomizationUpdated', Ids & { settings: CustomizationSettings }>;
/**
 * The site space's override of the site's customization changed by `changes` (GitBook's override
 * body, as sent): nested sections merge field by field, other values replace, a null resets.
 */
export type SiteSpaceCustomizationOverridden = DomainEvent<
  'SiteSpaceCustomizationOverridden',
  Ids & { siteSpaceId: string; changes: CustomizationOverride }
>;
/** The site space's override went: it shows the site's customization. */
export type SiteSpaceCustomizationRemoved = DomainEvent<'SiteSpaceCustomizationRemoved', Ids & { siteSpaceId: string }>;

/** A redirect of the site, as created (its `source` normalised). */
export type SiteRedirectCreated = DomainEvent<'SiteRedirectCreated', Ids & { redirect: SiteRedirectEntry }>;
/** A redirect changed: `redirect` is the whole redirect after the change. */
export type SiteRedirectUpdated = DomainEvent<'SiteRedirectUpdated', Ids & { redirect: SiteRedirectEntry }>;
export type SiteRedirectDeleted = DomainEvent<'SiteRedirectDeleted', Ids & { redirectId: string; source: string; draft: boolean }>;

export type SiteRedirectEvent = SiteRedirectCreated | SiteRedirectUpdated | SiteRedirectDeleted;

export type SiteEvent =
  | SiteCreated
  | SiteUpdated
  | SitePublished
  | SiteUnpublished
  | SiteDeleted
  | SiteSpaceAdded
  | SiteSpaceUpdated
  | SiteSpaceRemoved
  | SiteSpacesDetached
  | SiteDefaultSiteSpaceSet
  | SiteSectionAdded
  | SiteSectionUpdated
  | SiteSectionRemoved
  | SiteSpacesMoved
  | SiteDefaultSectionSet
  | SiteSectionGroupAdded
  | SiteSectionGroupUpdated
  | SiteSectionGroupRemoved
  | SiteSectionGrouped
  | SiteSectionUngrouped
  | SiteStructureItemMoved
  | SiteShareLinkCreated
  | SiteShareLinkUpdated
  | SiteShareLinkDeleted
  | SiteAdaptiveSchemaUpdated
  | SiteCustomizationUpdated
  | SiteSpaceCustomizationOverridden
  | SiteSpaceCustomizationRemoved
  | SiteRedirectEvent
  | SiteVisitorAuthUpdated
  | SiteVisitorAuthKeyRegenerated;
