import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChangeRequestView, ChangeRequestViews } from '../change-requests/change-request-views';
import { ContentAt, ContentQuery } from '../revisions/read-content';
import { TreeView, withBodies } from './list-pages';
import { BodyForm, PageBodies } from './page-bodies';
import { GitSyncReadModel, RevisionGitDoc } from '../git-sync/git-sync.read-model';

/** A revision with its pages' bodies, and for a merge the change request it merged (GitBook's required `mergedFrom`). */
export interface RevisionView extends TreeView {
  mergedFrom?: ChangeRequestView;
  /** The git commit the revision was exported to or imported from (git sync). */
  git?: RevisionGitDoc;
}

export class GetRevision extends ContentQuery<{ form: BodyForm }, RevisionView> {}

/**
 * getCurrentRevision, getRevisionOfChangeRequestById, getRevisionById: the revision's metadata,
 * page tree (each page with its body, decision 1) and files; anyone who can see the space.
 */
@QueryHandler(GetRevision)
export class GetRevisionHandler implements IQueryHandler<GetRevision> {
  constructor(
    private readonly contentAt: ContentAt,
    private readonly changeRequests: ChangeRequestViews,
    private readonly bodies: PageBodies,
    private readonly gitSyncs: GitSyncReadModel,
  ) {}

  async execute({ props: { location, form }, scope }: GetRevision): Promise<RevisionView> {
    const read = await withBodies(await this.contentAt.view(scope, location), this.bodies, form);
    const { revision } = read.content;
    const git = await this.gitSyncs.revisionCommit(revision.id);
    const view = git ? { ...read, git } : read;
    if (revision.type !== 'merge' || revision.changeRequestId === null) return view;
    const merged = await this.changeRequests.find(view.space.id, revision.changeRequestId);
    return { ...view, mergedFrom: await this.changeRequests.view(view.space, merged) };
  }
}
