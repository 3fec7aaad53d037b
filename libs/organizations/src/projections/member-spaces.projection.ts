import { defineProjection } from '@docs/platform';
import { MemberRemoved } from '../domain/organization';
import { MEMBER_SPACES } from './member-spaces.read-model';

const PAGE = 500;

/**
 * The spaces each organization member can reach, with their permission
 * (GET /v1/orgs/{organizationId}/members/{userId}/spaces).
 *
 * Spaces do not exist yet, so the listing is real but empty. When the content context publishes
 * its events (space created and deleted, space member and team grants, default levels), add them to
 * `on` and bump `version`: the projection rebuilds from the start of the log and fills
 * `member_spaces` with one MemberSpaceDoc per (member, space), carrying the presented Space.
 * Today it only forgets a removed member's entries.
 */
export const memberSpacesProjection = defineProjection<MemberRemoved>({
  name: 'member-spaces',
  version: 1,
  collections: [MEMBER_SPACES],
  on: {
    async MemberRemoved({ data: { organizationId, userId } }, w) {
      // Reads see the batch's own deletes: each round finds the entries still left.
      for (;;) {
        const page = await w.find(MEMBER_SPACES, {
          where: [
            { field: 'organizationId', op: 'eq', value: organizationId },
            { field: 'userId', op: 'eq', value: userId },
          ],
          limit: PAGE,
        });
        page.items.forEach((doc) => w.delete(MEMBER_SPACES, doc.id));
        if (!page.next) return;
      }
    },
  },
});
