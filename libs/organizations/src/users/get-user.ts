import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CallerQuery, everyPage, notFound } from '@docs/platform';
import { OrganizationsReadModel } from '../organizations/organizations.read-model';
import { UserDoc, UsersReadModel } from './users.read-model';

export class GetUser extends CallerQuery<{ userId: string }, UserDoc> {}

const PAGE = 500;

/**
 * GET /v1/users/{userId} (GitBook's getUserById, where a user's `urls.location` points): the
 * profile of someone the caller shares an organization with (the caller's enabled membership, the
 * user's membership, disabled or not, as the member list shows it), or the caller themself.
 * Anyone else is a 404, so user ids cannot be probed.
 */
@QueryHandler(GetUser)
export class GetUserHandler implements IQueryHandler<GetUser> {
  constructor(
    private readonly users: UsersReadModel,
    private readonly organizations: OrganizationsReadModel,
  ) {}

  async execute({ props: { userId }, caller }: GetUser): Promise<UserDoc> {
    if (userId !== caller.userId && !(await this.shareAnOrganization(caller.userId, userId))) throw notFound('user not found');
    return this.users.user(userId);
  }

  private async shareAnOrganization(callerId: string, userId: string): Promise<boolean> {
    for await (const mine of everyPage((page) => this.organizations.membershipsOf(callerId, page), PAGE)) {
      const theirs = await this.organizations.membershipsIn(
        mine.map((m) => m.organizationId),
        userId,
      );
      if (theirs.length > 0) return true;
    }
    return false;
  }
}
