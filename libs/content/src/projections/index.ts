import { Projection } from '@docs/platform';

/** Every projection of the content context. */
export const CONTENT_CONTEXT_PROJECTIONS: Projection[] = [];
