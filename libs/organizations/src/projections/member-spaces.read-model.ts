import { Injectable } from '@nestjs/common';
import { defineReadModel, Doc, FindResult, Page, ReadModels } from '@docs/platform';

/**
 * A member's permission on a space (GET .../members/{userId}/spaces). Written by the member-spaces
 * projection once the content context publishes space and permission events.
 */
export interface MemberSpaceDoc extends Doc {
  /** `<organizationId>:<userId>:<spaceId>` */
  id: string;
  organizationId: string;
  userId: string;
  spaceId: string;
  permission: string;
  /** The Space object as the content context presents it. */
  space: Record<string, unknown>;
  grantedAt: string;
}

export const MEMBER_SPACES = defineReadModel<MemberSpaceDoc>({
  name: 'member_spaces',
  indexes: [['organizationId', 'userId', 'grantedAt']],
  counts: [['organizationId', 'userId']],
});

/** The queries over the member spaces read model. */
@Injectable()
export class MemberSpacesReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The member's space permissions, by grant time in `order`. */
  spaces(organizationId: string, userId: string, order: 'asc' | 'desc', page: Page): Promise<FindResult<MemberSpaceDoc>> {
    return this.readModels.find(MEMBER_SPACES, {
      where: [
        { field: 'organizationId', op: 'eq', value: organizationId },
        { field: 'userId', op: 'eq', value: userId },
      ],
      sort: { field: 'grantedAt', direction: order },
      ...page,
    });
  }
}
