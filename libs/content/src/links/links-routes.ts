import { pageOf, PageQuery, UseCaseRoutes } from '@docs/platform';
import { ListFileBacklinks } from './list-file-backlinks';
import { ListPageLinks } from './list-page-links';
import { ContentLocation } from '../revisions/read-content';
import { SpaceScope } from '../spaces/space-scope';
import { ListLinksQuery } from './links-query.dto';
import { LinksPresenter } from './links.presenter';

/** What the links routes of the live content and of a change request share: the reads, at a location. */
export abstract class LinksRoutes extends UseCaseRoutes(LinksPresenter) {
  /** The links of a page at `location`. */
  protected async linksOfPage(scope: SpaceScope, location: ContentLocation, pageId: string, query: ListLinksQuery) {
    const links = await this.useCases.query(new ListPageLinks({ location, pageId, status: query.status, page: pageOf(query) }, scope));
    return this.present.links(links);
  }

  /** The pages at `location` that reference a file. */
  protected async backlinksOfFile(scope: SpaceScope, location: ContentLocation, fileId: string, query: PageQuery) {
    return this.present.backlinks(await this.useCases.query(new ListFileBacklinks({ location, fileId, page: pageOf(query) }, scope)));
  }
}
