import { defineReadModel, Doc, Filter, FindResult, Page, Provided, ReadModels, Sort } from '@docs/platform/projections';
import { candidateSources, matching, normalisedSource, RedirectDestination, SiteRedirectEntry } from './redirect.domain';

/** A redirect of a site. `sortUpdatedAt` is when it was last updated, or created (GitBook's `updatedAt` order). */
export interface SiteRedirectDoc extends Doc {
  siteId: string;
  organizationId: string;
  source: string;
  draft: boolean;
  captureWildcard: boolean;
  permanent: boolean;
  destination: RedirectDestination;
  createdAt: string;
  updatedAt?: string;
  sortUpdatedAt: string;
}

/**
 * One index per order of listSiteRedirects, within a site and a kind (live or draft); the
 * `(siteId, draft, source)` one also answers getSiteRedirectBySource and the lookups of the loop
 * check. A count per site for the cap on redirects.
 */
export const SITE_REDIRECTS = defineReadModel<SiteRedirectDoc>({
  name: 'site_redirects',
  lists: [
    ['siteId', 'draft', 'createdAt'],
    ['siteId', 'draft', 'sortUpdatedAt'],
    ['siteId', 'draft', 'source'],
  ],
  counts: [['siteId']],
  search: ['source'],
});

export type RedirectOrder = 'createdAt' | 'updatedAt' | 'source';

const ORDERS: Record<RedirectOrder, Sort> = {
  createdAt: { field: 'createdAt', direction: 'desc' },
  updatedAt: { field: 'sortUpdatedAt', direction: 'desc' },
  source: { field: 'source', direction: 'asc' },
};

export const entryOf = (doc: SiteRedirectDoc): SiteRedirectEntry => ({
  id: doc.id,
  source: doc.source,
  draft: doc.draft,
  captureWildcard: doc.captureWildcard,
  permanent: doc.permanent,
  destination: doc.destination,
});

/**
 * The redirects of sites. `bySource` is what the served site asks for a path no page answers:
 * the live redirect whose source is the path, or else the longest wildcard source that matches it
 * (one indexed read of at most 513 keys).
 */
@Provided()
export class SiteRedirectsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  redirect(siteId: string, redirectId: string): Promise<SiteRedirectDoc | null> {
    return this.readModels.getIn(SITE_REDIRECTS, redirectId, 'siteId', siteId);
  }

  /** The site's live (or draft) redirects, in GitBook's order; with `search`, those whose source holds it (any case). */
  list(
    siteId: string,
    filters: { draft: boolean; search?: string; orderBy: RedirectOrder },
    page: Page,
  ): Promise<FindResult<SiteRedirectDoc>> {
    const where: Filter[] = [
      { field: 'siteId', op: 'eq', value: siteId },
      { field: 'draft', op: 'eq', value: filters.draft },
    ];
    if (filters.search !== undefined) where.push({ field: 'source', op: 'ilike', value: filters.search });
    return this.readModels.find(SITE_REDIRECTS, { where, sort: ORDERS[filters.orderBy], ...page });
  }

  /** The redirect from exactly this source, live or draft. */
  async atSource(siteId: string, source: string, draft: boolean): Promise<SiteRedirectDoc | null> {
    const { items } = await this.readModels.find(SITE_REDIRECTS, {
      where: [
        { field: 'siteId', op: 'eq', value: siteId },
        { field: 'draft', op: 'eq', value: draft },
        { field: 'source', op: 'eq', value: normalisedSource(source) },
      ],
      limit: 1,
    });
    return items[0] ?? null;
  }

  /** The live redirects that may match `path`: its own source and every wildcard prefix of it. */
  async candidates(siteId: string, path: string): Promise<SiteRedirectDoc[]> {
    const sources = candidateSources(path);
    const { items } = await this.readModels.find(SITE_REDIRECTS, {
      where: [
        { field: 'siteId', op: 'eq', value: siteId },
        { field: 'draft', op: 'eq', value: false },
        { field: 'source', op: 'in', values: sources },
      ],
      limit: sources.length,
    });
    return items;
  }

  /** The live redirect that applies to `path` on the site (the served site answers it with 308 or 307 and 301/302), or null. */
  async bySource(siteId: string, path: string): Promise<SiteRedirectDoc | null> {
    const normalised = normalisedSource(path);
    const found = await this.candidates(siteId, normalised);
    const best = matching(normalised, found.map(entryOf));
    return best ? (found.find((d) => d.id === best.id) ?? null) : null;
  }

  count(siteId: string): Promise<number> {
    return this.readModels.count(SITE_REDIRECTS, { where: [{ field: 'siteId', op: 'eq', value: siteId }] });
  }
}
