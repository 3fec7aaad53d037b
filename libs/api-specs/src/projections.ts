import { Projection } from '@docs/platform/projections';
import { openAPISpecsProjection } from './openapi-specs/openapi-specs.projection';

/** Every projection of the api-specs library. */
export const API_SPECS_PROJECTIONS: Projection[] = [openAPISpecsProjection];
