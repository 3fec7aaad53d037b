import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { invalid, notFound } from '@docs/platform';
import { PageNode } from '../page-tree/page-tree.domain';
import { ContentAt, ContentLocation, ContentQuery, ContentView } from '../revisions/read-content';
import { RevisionContent, RevisionTrees } from '../revisions/revision-trees';
import { SpaceScope } from '../spaces/space-scope';

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

/**
 * A read of one page (by id, by path): markdown only, in the revision the location names, the
 * page `find` picks there with its body (read from `page_bodies` by its hash); 404 (`missing`)
 * when it picks none.
 */
@Injectable()
export abstract class PageRead {
  constructor(
    private readonly contentAt: ContentAt,
    private readonly trees: RevisionTrees,
  ) {}

  protected async read(
    scope: SpaceScope,
    { location, format }: { location: ContentLocation; format?: PageFormat },
    find: (content: RevisionContent) => PageNode | undefined,
    missing: string,
  ): Promise<PageView> {
    requireMarkdown(format);
    const view = await this.contentAt.view(scope, location);
    const page = find(view.content);
    if (!page) throw notFound(missing);
    const bodies = await this.trees.bodies([page.bodyHash]);
    return { view, page, markdown: bodies.get(page.bodyHash) ?? '' };
  }
}

/** getPageById, getPageInChangeRequestById, getPageInRevisionById: one page with its markdown; 404 when the revision has no such page. */
@QueryHandler(GetPage)
export class GetPageHandler extends PageRead implements IQueryHandler<GetPage> {
  execute({ props, scope }: GetPage): Promise<PageView> {
    return this.read(scope, props, ({ tree }) => tree.get(props.pageId), `page not found: ${props.pageId}`);
  }
}
