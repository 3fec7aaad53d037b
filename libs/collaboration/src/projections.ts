import { Projection } from '@docs/platform/projections';
import { commentsProjection } from './comments/comments.projection';

// `@docs/collaboration/projections` (for apps/api/projections.ts): the projections and the audit catalog, without the HTTP layer.
export { COLLABORATION_AUDIT_CATALOG } from './audit-catalog';

/** Every projection of the collaboration context. */
export const COLLABORATION_CONTEXT_PROJECTIONS: Projection[] = [commentsProjection];
