import { Projection } from '@docs/platform/projections';
import { archiveExportsProjection } from './archives/archive-exports.projection';
import { changeRequestReviewersProjection } from './change-requests/reviewers/change-request-reviewers.projection';
import { changeRequestsProjection } from './change-requests/change-requests.projection';
import { changeRequestContributorsProjection } from './change-requests/contributors/change-request-contributors.projection';
import { changeRequestReviewsProjection } from './change-requests/reviews/change-request-reviews.projection';
import { collectionsProjection } from './collections/collections.projection';
import { importRunsProjection } from './import-runs/import-runs.projection';
import { gitSyncProjection } from './git-sync/git-sync.projection';
import { revisionsProjection } from './revisions/revisions.projection';
import { searchProjection } from './search/search.projection';
import { spacesProjection } from './spaces/reads/spaces.projection';

// `@docs/content/projections` (for apps/api/projections.ts): the projections and the audit catalog, without the HTTP layer.
export { CONTENT_AUDIT_CATALOG, CONTENT_UNAUDITED_EVENT_TYPES } from './audit-catalog';

/** Every projection of the content context. */
export const CONTENT_CONTEXT_PROJECTIONS: Projection[] = [
  collectionsProjection,
  spacesProjection,
  changeRequestsProjection,
  revisionsProjection,
  changeRequestReviewersProjection,
  changeRequestReviewsProjection,
  changeRequestContributorsProjection,
  searchProjection,
  importRunsProjection,
  archiveExportsProjection,
  gitSyncProjection,
];
