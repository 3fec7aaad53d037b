import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { notFound } from '@docs/platform';
import { PageFormat, pageView, PageView, requireMarkdown } from './get-page';
import { ContentAt, ContentQuery } from '../revisions/read-content';
import { RevisionTrees } from '../revisions/revision-trees';

export class GetPageByPath extends ContentQuery<{ path: string; format?: PageFormat }, PageView> {}

/**
 * getPageByPath, getPageInChangeRequestByPath, getPageInRevisionByPath: the page at a path (its
 * ancestors' slugs and its own, `/`-separated, already URL-decoded; decision 23), with its markdown.
 * Leading and trailing slashes are ignored; 404 when no page has the path.
 */
@QueryHandler(GetPageByPath)
export class GetPageByPathHandler implements IQueryHandler<GetPageByPath> {
  constructor(
    private readonly contentAt: ContentAt,
    private readonly trees: RevisionTrees,
  ) {}

  async execute({ props: { location, path, format }, scope }: GetPageByPath): Promise<PageView> {
    requireMarkdown(format);
    const view = await this.contentAt.view(scope, location);
    const wanted = path.replace(/^\/+|\/+$/g, '');
    const pageId = view.content.byPath.get(wanted);
    const page = pageId === undefined ? undefined : view.content.tree.get(pageId);
    if (!page) throw notFound(`page not found at path: ${wanted}`);
    return pageView(this.trees, view, page);
  }
}
