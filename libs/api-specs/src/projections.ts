import { Projection } from '@docs/platform/projections';
import { openAPISpecsProjection } from './openapi-specs/openapi-specs.projection';

// `@docs/api-specs/projections` (for apps/api/projections.ts): the projections and the audit catalog, without the HTTP layer.
export { API_SPECS_AUDIT_CATALOG } from './audit-catalog';

/** Every projection of the api-specs library. */
export const API_SPECS_PROJECTIONS: Projection[] = [openAPISpecsProjection];
