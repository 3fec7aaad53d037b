import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChangeRequestView, ChangeRequestViews } from '../change-requests/change-request-views';
import { ContentAt, ContentQuery, ContentView } from '../revisions/read-content';

/** A revision, and for a merge the change request it merged (GitBook's required `mergedFrom`). */
export interface RevisionView extends ContentView {
  mergedFrom?: ChangeRequestView;
}

export class GetRevision extends ContentQuery<Record<never, never>, RevisionView> {}

/**
 * getCurrentRevision, getRevisionOfChangeRequestById, getRevisionById: the revision's metadata,
 * page tree (no bodies, decision 1) and files; anyone who can see the space.
 */
@QueryHandler(GetRevision)
export class GetRevisionHandler implements IQueryHandler<GetRevision> {
  constructor(
    private readonly contentAt: ContentAt,
    private readonly changeRequests: ChangeRequestViews,
  ) {}

  async execute({ props: { location }, scope }: GetRevision): Promise<RevisionView> {
    const view = await this.contentAt.view(scope, location);
    const { revision } = view.content;
    if (revision.type !== 'merge' || revision.changeRequestId === null) return view;
    const merged = await this.changeRequests.find(view.space.id, revision.changeRequestId);
    return { ...view, mergedFrom: await this.changeRequests.view(view.space, merged) };
  }
}
