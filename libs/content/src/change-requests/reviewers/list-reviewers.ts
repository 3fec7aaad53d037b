import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationDirectory, UserDoc } from '@docs/organizations';
import { ChangeRequestReviewerDoc, ChangeRequestReviewersReadModel } from './change-request-reviewers.read-model';
import { ChangeRequestViews } from '../change-request-views';
import { SpaceQuery } from '../../spaces/space-scope';

/** A requested reviewer as the routes present it: the request and the users it names (reviewer, requester), by id. */
export interface ReviewerView {
  reviewer: ChangeRequestReviewerDoc;
  users: ReadonlyMap<string, UserDoc>;
}

/** The views of these requests, with the users they name looked up once. */
export async function reviewerViews(directory: OrganizationDirectory, docs: readonly ChangeRequestReviewerDoc[]): Promise<ReviewerView[]> {
  const ids = [...new Set(docs.flatMap((d) => [d.userId, d.requestedBy]))];
  const users = new Map((await directory.usersById(ids)).map((u) => [u.id, u]));
  return docs.map((reviewer) => ({ reviewer, users }));
}

export class ListReviewers extends SpaceQuery<{ changeRequest: string; page: Page }, FindResult<ReviewerView>> {}

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers (an id or a
 * number): the users requested to review it, oldest request first; anyone who can see the space.
 */
@QueryHandler(ListReviewers)
export class ListReviewersHandler implements IQueryHandler<ListReviewers> {
  constructor(
    private readonly views: ChangeRequestViews,
    private readonly reviewers: ChangeRequestReviewersReadModel,
    private readonly directory: OrganizationDirectory,
  ) {}

  async execute({ props: { changeRequest, page }, scope }: ListReviewers): Promise<FindResult<ReviewerView>> {
    const space = await scope.space();
    const { id } = await this.views.find(space.id, changeRequest);
    const result = await this.reviewers.list(id, page);
    return { ...result, items: await reviewerViews(this.directory, result.items) };
  }
}
