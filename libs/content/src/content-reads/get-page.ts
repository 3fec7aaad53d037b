import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { notFound } from '@docs/platform';
import { PageNode } from '../page-tree/page-tree.domain';
import { ContentAt, ContentLocation, ContentQuery, ContentView } from '../revisions/read-content';
import { RevisionContent } from '../revisions/revision-trees';
import { SpaceScope } from '../spaces/space-scope';
import { pagesUnder } from '../links/revision-links';
import { AnsweredBody, BodyForm, PageBodies } from './page-bodies';

/** GitBook's `format` of page reads (decision 2): markdown (also when absent) or its JSON document. */
export type PageFormat = 'markdown' | 'document';

/** One page of a revision, and the bodies of it and every page under it (by page id). */
export interface PageView {
  view: ContentView;
  page: PageNode;
  bodies: ReadonlyMap<string, AnsweredBody>;
}

export class GetPage extends ContentQuery<{ pageId: string; form: BodyForm }, PageView> {}

/**
 * A read of one page (by id, by path) in the revision the location names: the page `find` picks
 * there, with its body and its children's in the form asked (page-bodies.ts); 404 (`missing`) when
 * it picks none.
 */
@Injectable()
export abstract class PageRead {
  constructor(
    private readonly contentAt: ContentAt,
    private readonly bodies: PageBodies,
  ) {}

  protected async read(
    scope: SpaceScope,
    { location, form }: { location: ContentLocation; form: BodyForm },
    find: (content: RevisionContent) => PageNode | undefined,
    missing: string,
  ): Promise<PageView> {
    const view = await this.contentAt.view(scope, location);
    const page = find(view.content);
    if (!page) throw notFound(missing);
    return { view, page, bodies: await this.bodies.of(view, pagesUnder(view.content, [page]), form) };
  }
}

/** getPageById, getPageInChangeRequestById, getPageInRevisionById: one page with its body; 404 when the revision has no such page. */
@QueryHandler(GetPage)
export class GetPageHandler extends PageRead implements IQueryHandler<GetPage> {
  execute({ props, scope }: GetPage): Promise<PageView> {
    return this.read(scope, props, ({ tree }) => tree.get(props.pageId), `page not found: ${props.pageId}`);
  }
}
