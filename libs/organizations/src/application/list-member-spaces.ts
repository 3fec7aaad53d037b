import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { FindResult, ReadModels } from '@docs/platform';
import { MemberSpaceDoc } from '../projections/read-model-types';
import { MemberAccess } from './member-access';

export class ListMemberSpaces extends Query<FindResult<MemberSpaceDoc>> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly userId: string,
    readonly order: 'asc' | 'desc',
    readonly page: { after?: string; limit: number },
  ) {
    super();
  }
}

/**
 * GET /v1/orgs/{organizationId}/members/{userId}/spaces: the member's space permissions from the
 * member-spaces projection (empty until the content context publishes spaces), newest grant first
 * by default.
 */
@QueryHandler(ListMemberSpaces)
export class ListMemberSpacesHandler implements IQueryHandler<ListMemberSpaces> {
  constructor(
    private readonly access: MemberAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, callerId, userId, order, page }: ListMemberSpaces): Promise<FindResult<MemberSpaceDoc>> {
    await this.access.requireMemberReader(organizationId, callerId, userId);
    await this.access.requireTarget(organizationId, userId);
    return this.readModels.find<MemberSpaceDoc>('member_spaces', {
      where: [
        { field: 'organizationId', op: 'eq', value: organizationId },
        { field: 'userId', op: 'eq', value: userId },
      ],
      sort: { field: 'grantedAt', direction: order },
      ...page,
    });
  }
}
