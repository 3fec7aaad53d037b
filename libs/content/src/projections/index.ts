import { Projection } from '@docs/platform';
import { changeRequestsProjection } from './change-requests.projection';
import { collectionsProjection } from './collections.projection';
import { spacesProjection } from './spaces.projection';

/** Every projection of the content context. */
export const CONTENT_CONTEXT_PROJECTIONS: Projection[] = [collectionsProjection, spacesProjection, changeRequestsProjection];
