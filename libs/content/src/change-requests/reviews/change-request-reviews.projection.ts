import { defineProjection, deleteWhere, everyItem, Page, ProjectionWriter } from '@docs/platform/projections';
import { ChangeRequestContentEdited, ChangeRequestUpdatedFromMain } from '../change-request.events';
import { SpacePurged } from '../../spaces/space.events';
import { ChangeRequestReviewSubmitted } from './change-request-review.events';
import { CHANGE_REQUEST_REVIEWS, ChangeRequestReviewDoc, latestReview, OLDEST_REVIEW_FIRST } from './change-request-reviews.read-model';

const PAGE = 200;

const outdate = (w: ProjectionWriter, doc: ChangeRequestReviewDoc, at: string) =>
  w.put(CHANGE_REQUEST_REVIEWS, { ...doc, outdated: true, updatedAt: at });

/**
 * Every review of the change request still current becomes outdated (a new revision). A reviewer
 * has at most one current review, so these are at most the change request's reviewers.
 */
async function outdateCurrent(w: ProjectionWriter, changeRequestId: string, at: string): Promise<void> {
  const current = (page: Page) =>
    w.find(CHANGE_REQUEST_REVIEWS, {
      where: [
        { field: 'changeRequestId', op: 'eq', value: changeRequestId },
        { field: 'outdated', op: 'eq', value: false },
      ],
      sort: OLDEST_REVIEW_FIRST,
      ...page,
    });
  for (const doc of await everyItem(current, PAGE)) outdate(w, doc, at);
}

/**
 * The reviews of change requests: one document per review, current until the change request gets
 * a new revision (an edit or an update from the live content) or the same reviewer reviews it
 * again; forgotten with a purged space.
 */
export const changeRequestReviewsProjection = defineProjection<
  ChangeRequestReviewSubmitted | ChangeRequestContentEdited | ChangeRequestUpdatedFromMain | SpacePurged
>({
  name: 'change_request_reviews',
  version: 1,
  collections: [CHANGE_REQUEST_REVIEWS],
  on: {
    async ChangeRequestReviewSubmitted({ data, metadata: { occurredAt, actor }, revision }, w) {
      const { items: previous } = await w.find(CHANGE_REQUEST_REVIEWS, latestReview(data.changeRequestId, actor));
      if (previous[0] && !previous[0].outdated) outdate(w, previous[0], occurredAt);
      w.put(CHANGE_REQUEST_REVIEWS, {
        id: data.reviewId,
        spaceId: data.spaceId,
        changeRequestId: data.changeRequestId,
        reviewer: actor,
        ...(data.requestedBy !== undefined ? { requestedBy: data.requestedBy } : {}),
        status: data.status,
        revision: data.revision,
        outdated: false,
        createdAt: occurredAt,
        sequence: Number(revision),
        updatedAt: occurredAt,
      });
    },
    ChangeRequestContentEdited: ({ data: { changeRequestId }, metadata: { occurredAt } }, w) =>
      outdateCurrent(w, changeRequestId, occurredAt),
    ChangeRequestUpdatedFromMain: ({ data: { changeRequestId }, metadata: { occurredAt } }, w) =>
      outdateCurrent(w, changeRequestId, occurredAt),
    async SpacePurged({ data: { spaceId } }, w) {
      await deleteWhere(w, CHANGE_REQUEST_REVIEWS, 'spaceId', spaceId);
    },
  },
});
