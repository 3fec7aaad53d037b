import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ContentDirectory } from '@docs/content';
import type { FindResult, Page } from '@docs/platform';
import { SiteQuery } from '../shared/sites-scope';
import { ServedSitesReadModel } from './served-sites.read-model';
import { servedLevels } from './served-structure';
import { scopedLevels } from './site-search-scope';
import type { SearchSiteBody } from './site-search.dto';
import { SiteSearch, SiteSpaceMatch } from './site-search';

export class SearchSiteContent extends SiteQuery<{ body: SearchSiteBody; page: Page }, FindResult<SiteSpaceMatch>> {}

/**
 * POST /v1/orgs/{organizationId}/sites/{siteId}/search (searchSiteContent): the site spaces the site
 * shows (its spaces in use; published or not) within the body's scope, and of them only those whose
 * space the caller can see, searched like the served site's search page. Members with a role (guests 403).
 */
@QueryHandler(SearchSiteContent)
export class SearchSiteContentHandler implements IQueryHandler<SearchSiteContent> {
  constructor(
    private readonly served: ServedSitesReadModel,
    private readonly content: ContentDirectory,
    private readonly search: SiteSearch,
  ) {}

  async execute({ props: { body, page }, scope }: SearchSiteContent): Promise<FindResult<SiteSpaceMatch>> {
    const { state } = await scope.site();
    const spaces = await this.served.spaces(state.siteSpaces.map((s) => s.spaceId));
    const levels = scopedLevels(servedLevels(state, spaces), body);
    const visible = new Set<string>();
    for (const spaceId of new Set(levels.flatMap((l) => l.siteSpaces.map((s) => s.spaceId)))) {
      if (await this.content.spaceFor(spaceId, scope.actor)) visible.add(spaceId);
    }
    const seen = levels.map((l) => ({ ...l, siteSpaces: l.siteSpaces.filter((s) => visible.has(s.spaceId)) }));
    return this.search.bySiteSpace(seen, body.query, page);
  }
}
