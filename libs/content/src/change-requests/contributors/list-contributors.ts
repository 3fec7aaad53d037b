import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationDirectory, UserDoc } from '@docs/organizations';
import { ChangeRequestViews } from '../change-request-views';
import { SpaceQuery } from '../../spaces/space-scope';
import { ChangeRequestContributorDoc, ChangeRequestContributorsReadModel } from './change-request-contributors.read-model';

/** A contributor as the route presents it: their contributions and the users of the page, by id. */
export interface ContributorView {
  contributor: ChangeRequestContributorDoc;
  users: ReadonlyMap<string, UserDoc>;
}

export class ListContributors extends SpaceQuery<{ changeRequest: string; page: Page }, FindResult<ContributorView>> {}

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/contributors (an id or a number): the
 * users who contributed to it (its creator and everyone who edited its content), the most recent
 * contribution first; anyone who can see the space.
 */
@QueryHandler(ListContributors)
export class ListContributorsHandler implements IQueryHandler<ListContributors> {
  constructor(
    private readonly views: ChangeRequestViews,
    private readonly contributors: ChangeRequestContributorsReadModel,
    private readonly directory: OrganizationDirectory,
  ) {}

  async execute({ props: { changeRequest, page }, scope }: ListContributors): Promise<FindResult<ContributorView>> {
    const { id } = await this.views.findIn(scope, changeRequest);
    const result = await this.contributors.list(id, page);
    const users = new Map((await this.directory.usersById(result.items.map((c) => c.userId))).map((u) => [u.id, u]));
    return { ...result, items: result.items.map((contributor) => ({ contributor, users })) };
  }
}
