import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, notFound, Page, pageInMemory } from '@docs/platform';
import { pagesReferencingFile } from './links.domain';
import { PageNode } from '../page-tree/page-tree.domain';
import { ContentAt, ContentQuery, ContentView } from '../revisions/read-content';
import { RevisionLinks } from './revision-links';

export interface BacklinksView {
  view: ContentView;
  pages: FindResult<PageNode>;
}

export class ListFileBacklinks extends ContentQuery<{ fileId: string; page: Page }, BacklinksView> {}

/**
 * GET .../content/files/{fileId}/backlinks, live and in a change request: the pages of the
 * revision that link to or embed the file, in tree order; 404 when the revision has no such file.
 */
@QueryHandler(ListFileBacklinks)
export class ListFileBacklinksHandler implements IQueryHandler<ListFileBacklinks> {
  constructor(
    private readonly contentAt: ContentAt,
    private readonly links: RevisionLinks,
  ) {}

  async execute({ props: { location, fileId, page }, scope }: ListFileBacklinks): Promise<BacklinksView> {
    const view = await this.contentAt.view(scope, location);
    if (!view.content.files.some((f) => f.id === fileId)) throw notFound(`file not found: ${fileId}`);
    const { pages } = await this.links.of(view.content);
    const positioned = pagesReferencingFile(pages, fileId).flatMap((pageId, position) => {
      const node = view.content.tree.get(pageId);
      return node ? [{ id: pageId, position, node }] : [];
    });
    const result = pageInMemory(positioned, { field: 'position', direction: 'asc' }, page);
    return { view, pages: { ...result, items: result.items.map((item) => item.node) } };
  }
}
