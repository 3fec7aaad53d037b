import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { notFound, Page, pageInMemory } from '@docs/platform';
import { LinkStatus } from './links.domain';
import { LinkStatsOf, onePage, withStatus } from './link-stats';
import { LinksView } from './list-space-links';
import { ContentAt, ContentQuery } from '../revisions/read-content';
import { RevisionLinks } from './revision-links';

export class ListPageLinks extends ContentQuery<{ pageId: string; status?: LinkStatus; page: Page }, LinksView> {}

/**
 * GET .../content/page/{pageId}/links, live and in a change request: the links one page writes,
 * resolved against the revision it is read in; 404 when the revision has no such page.
 */
@QueryHandler(ListPageLinks)
export class ListPageLinksHandler implements IQueryHandler<ListPageLinks> {
  constructor(
    private readonly contentAt: ContentAt,
    private readonly links: RevisionLinks,
    private readonly stats: LinkStatsOf,
  ) {}

  async execute({ props: { location, pageId, status, page }, scope }: ListPageLinks): Promise<LinksView> {
    const view = await this.contentAt.view(scope, location);
    if (!view.content.tree.has(pageId)) throw notFound(`page not found: ${pageId}`);
    const ofPage = onePage(pageId);
    const links = await this.links.of(view.content);
    const entries = ofPage.entries(links);
    const stats =
      view.location.at === 'live'
        ? await this.stats.live(view.space, links, ofPage)
        : await this.stats.changeRequest(view.space, links, ofPage);
    return { view, links: pageInMemory(withStatus(entries, status), { field: 'position', direction: 'asc' }, page), stats };
  }
}
