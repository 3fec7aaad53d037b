import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ContentAt, ContentQuery, ContentView } from '../revisions/read-content';

export class ListPages extends ContentQuery<Record<never, never>, ContentView> {}

/** listPages, listPagesInChangeRequest, listPagesInRevisionById: the revision's page tree, without bodies (decision 1). */
@QueryHandler(ListPages)
export class ListPagesHandler implements IQueryHandler<ListPages> {
  constructor(private readonly contentAt: ContentAt) {}

  execute({ props: { location }, scope }: ListPages): Promise<ContentView> {
    return this.contentAt.view(scope, location);
  }
}
