import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { invalid, notFound } from '@docs/platform';
import { PageNode } from '../page-tree/page-tree.domain';
import { ContentAt, ContentQuery, ContentView } from '../revisions/read-content';
import { RevisionTrees } from '../revisions/revision-trees';

/** GitBook's `format` of page reads: only markdown is served (decision 2). */
export type PageFormat = 'markdown' | 'document';

/** One page of a revision with its body (its children come without theirs). */
export interface PageView {
  view: ContentView;
  page: PageNode;
  markdown: string;
}

export class GetPage extends ContentQuery<{ pageId: string; format?: PageFormat }, PageView> {}

/** Decision 2: no format or `markdown` is markdown; `document` (GitBook's JSON document) is not served. */
export function requireMarkdown(format: PageFormat | undefined): void {
  if (format === 'document') throw invalid('format=document is not served; use markdown');
}

/** The page's body, read from `page_bodies` by its hash. */
export async function pageView(trees: RevisionTrees, view: ContentView, page: PageNode): Promise<PageView> {
  const bodies = await trees.bodies([page.bodyHash]);
  return { view, page, markdown: bodies.get(page.bodyHash) ?? '' };
}

/** getPageById, getPageInChangeRequestById, getPageInRevisionById: one page with its markdown; 404 when the revision has no such page. */
@QueryHandler(GetPage)
export class GetPageHandler implements IQueryHandler<GetPage> {
  constructor(
    private readonly contentAt: ContentAt,
    private readonly trees: RevisionTrees,
  ) {}

  async execute({ props: { location, pageId, format }, scope }: GetPage): Promise<PageView> {
    requireMarkdown(format);
    const view = await this.contentAt.view(scope, location);
    const page = view.content.tree.get(pageId);
    if (!page) throw notFound(`page not found: ${pageId}`);
    return pageView(this.trees, view, page);
  }
}
