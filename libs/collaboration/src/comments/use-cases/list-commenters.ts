import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page, resolvePage } from '@docs/platform';
import { MemberView, OrganizationDirectory } from '@docs/organizations';
import { CommentsReadModel } from '../comments.read-model';
import { CommentsQuery } from '../comments-scope';

export class ListCommenters extends CommentsQuery<{ page: Page }, FindResult<MemberView>> {}

/**
 * listCommentersInSpace / listCommentersInChangeRequest: the organization members who posted a
 * comment or a reply (not deleted) in the place, by their first post. Someone who left the
 * organization is left out of the page (`count` still counts them).
 */
@QueryHandler(ListCommenters)
export class ListCommentersHandler implements IQueryHandler<ListCommenters> {
  constructor(
    private readonly comments: CommentsReadModel,
    private readonly directory: OrganizationDirectory,
  ) {}

  async execute({ props: { page }, scope }: ListCommenters): Promise<FindResult<MemberView>> {
    const place = await scope.place();
    const result = await this.comments.commenters(place.ref, page);
    return resolvePage(
      result,
      (c) => c.userId,
      (userIds) => this.directory.members(place.space.organizationId, userIds),
      (view) => view.member.userId,
    );
  }
}
