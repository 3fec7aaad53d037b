import type { SpaceFields } from '@docs/content';
import { defineReadModel, Doc, Filter, FindResult, mergePages, Page, ReadModels, Sort, Provided } from '@docs/platform/projections';
import { sectionOrder, SiteState } from './site.decider';
import type { SiteType } from './site.events';
import type { DefaultLevel, EditMode } from '@docs/content/events';

/**
 * A site not deleted. `state` is the site as its decider folds it (the same `applySiteEvent`), from
 * which every other document of the site is derived; the flat fields are what lists filter on.
 */
export interface SiteDoc extends Doc {
  organizationId: string;
  title: string;
  /** GitBook's SiteType (the `type` filter); set at creation. */
  type: SiteType;
  published: boolean;
  createdAt: string;
  /** The spaces the site shows (the `space` filter). */
  spaceIds: string[];
  /** How many site spaces, at every level. */
  siteSpaces: number;
  state: SiteState;
  /** Site spaces dropped because their space went (content's events), not yet recorded in the site's stream. */
  pendingDrops: string[];
}

/**
 * A site space. `sectionId` is `''` at the root level; `position` is its place in the site's structure (root first, then sections in
 * order).
 */
export interface SiteSpaceDoc extends Doc {
  siteId: string;
  organizationId: string;
  spaceId: string;
  sectionId: string;
  path: string;
  condition: string | null;
  default: boolean;
  position: number;
}

/**
 * A space as the sites context shows it inside site spaces (GitBook's Space object), kept from
 * content's events: its settings, place, live revision, lifecycle and counters.
 */
/** A space as content's events describe it (its edit mode and default level typed as content writes them). */
export interface ContentSpaceDoc extends Doc, SpaceFields {
  editMode: EditMode;
  defaultLevel: DefaultLevel | null;
  status: 'active' | 'deleted';
}

/** The site spaces of a site as documents, in the order of the structure: the root level first, then each section's, sections in order. */
export function siteSpaceDocsOf(state: SiteState): SiteSpaceDoc[] {
  const ordered = [null, ...sectionOrder(state)].flatMap((sectionId) => state.siteSpaces.filter((s) => s.sectionId === sectionId));
  return ordered.map((s, position) => ({
    id: s.id,
    siteId: state.siteId,
    organizationId: state.organizationId,
    spaceId: s.spaceId,
    sectionId: s.sectionId ?? '',
    path: s.path,
    condition: s.condition,
    default: s.default,
    position,
  }));
}

export const SITES = defineReadModel<SiteDoc>({
  name: 'sites',
  lists: [
    ['organizationId', 'createdAt'],
    ['organizationId', 'published', 'createdAt'],
    // ?type=…: one range per type asked for, merged (`mergePages`).
    ['organizationId', 'type', 'createdAt'],
    ['organizationId', 'published', 'type', 'createdAt'],
  ],
  // Hostnames are unique among all sites, basenames among an organization's (SiteWriter's facts).
  indexes: [['state.settings.hostname'], ['organizationId', 'state.settings.basename']],
  search: ['title'],
});

export const SITE_SPACES = defineReadModel<SiteSpaceDoc>({
  name: 'site_spaces',
  lists: [
    ['siteId', 'position'],
    ['siteId', 'default', 'position'],
  ],
  // The site spaces of a space, when content says it went.
  indexes: [['spaceId']],
});

/**
 * A section or a section group (details in the site's state), each kind in its own collection: `position` is its place among the
 * site's sections, in the order of the structure, or among its groups.
 */
export interface SitePartDoc extends Doc {
  siteId: string;
  organizationId: string;
  position: number;
}

/** A share link (details, its key included, in the site's state), for the list: oldest first. */
export interface SiteShareLinkDoc extends Doc {
  siteId: string;
  organizationId: string;
  createdAt: string;
  /** What `search` looks in. */
  name: string;
  key: string;
}

export const SITE_SHARE_LINKS = defineReadModel<SiteShareLinkDoc>({
  name: 'site_share_links',
  lists: [['siteId', 'createdAt']],
  search: ['name', 'key'],
});

/** A collection of one kind of the site's parts, listed in order. */
const siteParts = (name: string) => defineReadModel<SitePartDoc>({ name, lists: [['siteId', 'position']] });
export const SITE_SECTIONS = siteParts('site_sections');
export const SITE_SECTION_GROUPS = siteParts('site_section_groups');

export const SITE_CONTENT_SPACES = defineReadModel<ContentSpaceDoc>({ name: 'site_content_spaces' });

export interface SiteFilters {
  space?: string;
  title?: string;
  published?: boolean;
  /** Only sites of these types (GitBook's SiteType). */
  type?: readonly SiteType[];
}

const OLDEST_FIRST: Sort = { field: 'createdAt', direction: 'asc' };
const IN_ORDER: Sort = { field: 'position', direction: 'asc' };

/** The queries over sites and site spaces: each list is one index range. */
@Provided()
export class SitesReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The site, only when it belongs to the organization. */
  site(organizationId: string, siteId: string): Promise<SiteDoc | null> {
    return this.readModels.getIn(SITES, siteId, 'organizationId', organizationId);
  }

  /** Another site than `siteId` has this custom hostname (any organization's). */
  hostnameTaken(hostname: string, siteId: string): Promise<boolean> {
    return this.anotherSite([{ field: 'state.settings.hostname', op: 'eq', value: hostname }], siteId);
  }

  /** Another site than `siteId` of the organization has this basename. */
  basenameTaken(organizationId: string, basename: string, siteId: string): Promise<boolean> {
    return this.anotherSite(
      [
        { field: 'organizationId', op: 'eq', value: organizationId },
        { field: 'state.settings.basename', op: 'eq', value: basename },
      ],
      siteId,
    );
  }

  /** A site other than `siteId` matches `where` (two at most are read). */
  private async anotherSite(where: Filter[], siteId: string): Promise<boolean> {
    const { items } = await this.readModels.find(SITES, { where, limit: 2 });
    return items.some((site) => site.id !== siteId);
  }

  /**
   * Sites of the organization, oldest first, filtered by publication, types (one index range per
   * type, merged), a space they show and a title substring (tested along the range).
   */
  async sites(organizationId: string, filters: SiteFilters, page: Page): Promise<FindResult<SiteDoc>> {
    const where: Filter[] = [{ field: 'organizationId', op: 'eq', value: organizationId }];
    if (filters.published !== undefined) where.push({ field: 'published', op: 'eq', value: filters.published });
    const tested: Filter[] = [];
    if (filters.title !== undefined) tested.push({ field: 'title', op: 'ilike', value: filters.title });
    if (filters.space !== undefined) tested.push({ field: 'spaceIds', op: 'contains', value: filters.space });
    const types = filters.type === undefined ? undefined : [...new Set(filters.type)];
    if (types === undefined) return this.readModels.find(SITES, { where: [...where, ...tested], sort: OLDEST_FIRST, ...page });
    const ranges = types.map((type) =>
      this.readModels.find(SITES, { where: [...where, { field: 'type', op: 'eq', value: type }, ...tested], sort: OLDEST_FIRST, ...page }),
    );
    return mergePages(await Promise.all(ranges), OLDEST_FIRST, page.limit);
  }

  async siteSpace(siteId: string, siteSpaceId: string): Promise<SiteSpaceDoc | null> {
    return this.readModels.getIn(SITE_SPACES, siteSpaceId, 'siteId', siteId);
  }

  /** The site's site spaces in the order of its structure; `isDefault` keeps only the defaults (true) or the others (false). */
  siteSpaces(siteId: string, isDefault: boolean | undefined, page: Page): Promise<FindResult<SiteSpaceDoc>> {
    const where: Filter[] = [{ field: 'siteId', op: 'eq', value: siteId }];
    if (isDefault !== undefined) where.push({ field: 'default', op: 'eq', value: isDefault });
    return this.readModels.find(SITE_SPACES, { where, sort: IN_ORDER, ...page });
  }

  sections(siteId: string, page: Page): Promise<FindResult<SitePartDoc>> {
    return this.readModels.findIn(SITE_SECTIONS, 'siteId', siteId, IN_ORDER, page);
  }

  sectionGroups(siteId: string, page: Page): Promise<FindResult<SitePartDoc>> {
    return this.readModels.findIn(SITE_SECTION_GROUPS, 'siteId', siteId, IN_ORDER, page);
  }

  /** The site's share links, oldest first; with `search`, those whose name or key holds it (any case). */
  shareLinks(siteId: string, search: string | undefined, page: Page): Promise<FindResult<SiteShareLinkDoc>> {
    const where: Filter[] = [{ field: 'siteId', op: 'eq', value: siteId }];
    if (search !== undefined) {
      where.push({ op: 'or', any: [[{ field: 'name', op: 'ilike', value: search }], [{ field: 'key', op: 'ilike', value: search }]] });
    }
    return this.readModels.find(SITE_SHARE_LINKS, { where, sort: OLDEST_FIRST, ...page });
  }

  contentSpace(spaceId: string): Promise<ContentSpaceDoc | null> {
    return this.readModels.get(SITE_CONTENT_SPACES, spaceId);
  }

  async contentSpaces(spaceIds: string[]): Promise<Map<string, ContentSpaceDoc>> {
    const docs = await this.readModels.getMany(SITE_CONTENT_SPACES, [...new Set(spaceIds)]);
    return new Map(docs.map((d) => [d.id, d]));
  }
}
