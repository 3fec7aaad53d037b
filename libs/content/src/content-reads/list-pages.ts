import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ContentAt, ContentQuery, ContentView } from '../revisions/read-content';
import { pagesUnder } from '../links/revision-links';
import { AnsweredBody, BodyForm, PageBodies } from './page-bodies';

/** A revision's content with the body of every page of its tree (by page id). */
export interface TreeView extends ContentView {
  bodies: ReadonlyMap<string, AnsweredBody>;
}

export class ListPages extends ContentQuery<{ form: BodyForm }, TreeView> {}

/** listPages, listPagesInChangeRequest, listPagesInRevisionById: the revision's page tree, each page with its body (decision 1). */
@QueryHandler(ListPages)
export class ListPagesHandler implements IQueryHandler<ListPages> {
  constructor(
    private readonly contentAt: ContentAt,
    private readonly bodies: PageBodies,
  ) {}

  async execute({ props: { location, form }, scope }: ListPages): Promise<TreeView> {
    const view = await this.contentAt.view(scope, location);
    return withBodies(view, this.bodies, form);
  }
}

/** The view with the bodies of every page of its tree, in one read (page-bodies.ts). */
export async function withBodies(view: ContentView, bodies: PageBodies, form: BodyForm): Promise<TreeView> {
  const pages = pagesUnder(view.content, view.content.children.get(null) ?? []);
  return { ...view, bodies: await bodies.of(view, pages, form) };
}
