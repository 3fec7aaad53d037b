import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page, pageInMemory } from '@docs/platform';
import { LinkEntry, LinkStatus } from './links.domain';
import { LinkStats, LinkStatsOf, WHOLE_REVISION, withStatus } from './link-stats';
import { ContentAt, ContentView } from '../revisions/read-content';
import { RevisionLinks } from './revision-links';
import { SpaceQuery } from '../spaces/space-scope';

/** A page of a link listing, with the listing's stats and the revision it was read in. */
export interface LinksView {
  view: ContentView;
  links: FindResult<LinkEntry>;
  stats: LinkStats;
}

export class ListSpaceLinks extends SpaceQuery<{ status?: LinkStatus; page: Page }, LinksView> {}

/**
 * GET /v1/spaces/{spaceId}/links: the links of the live content, one per target, each with the
 * pages that write it; `status` filters them. Paged in memory over the revision's links (kept per
 * revision, docs/content-design.md "Links and backlinks, as built"), in tree order of first use.
 */
@QueryHandler(ListSpaceLinks)
export class ListSpaceLinksHandler implements IQueryHandler<ListSpaceLinks> {
  constructor(
    private readonly contentAt: ContentAt,
    private readonly links: RevisionLinks,
    private readonly stats: LinkStatsOf,
  ) {}

  async execute({ props: { status, page }, scope }: ListSpaceLinks): Promise<LinksView> {
    const view = await this.contentAt.view(scope, { at: 'live' });
    const links = await this.links.of(view.content);
    return {
      view,
      links: pageInMemory(withStatus(links.all, status), { field: 'position', direction: 'asc' }, page),
      stats: await this.stats.live(view.space, links, WHOLE_REVISION),
    };
  }
}
