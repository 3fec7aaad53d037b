import { Projection } from '@docs/platform/projections';
import { commentsProjection } from './comments/comments.projection';

/** Every projection of the collaboration context. */
export const COLLABORATION_CONTEXT_PROJECTIONS: Projection[] = [commentsProjection];
