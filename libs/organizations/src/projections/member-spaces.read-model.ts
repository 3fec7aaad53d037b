import { defineReadModel } from '@docs/platform';

/**
 * A member's permission on a space (GET .../members/{userId}/spaces). Written by the member-spaces
 * projection once the content context publishes space and permission events.
 */
export interface MemberSpaceDoc {
  /** `<organizationId>:<userId>:<spaceId>` */
  id: string;
  organizationId: string;
  userId: string;
  spaceId: string;
  permission: string;
  /** The Space object as the content context presents it. */
  space: Record<string, unknown>;
  grantedAt: string;
  [key: string]: unknown;
}

export const MEMBER_SPACES = defineReadModel<MemberSpaceDoc>({
  name: 'member_spaces',
  indexes: [['organizationId', 'userId', 'grantedAt']],
  counts: [['organizationId', 'userId']],
});
