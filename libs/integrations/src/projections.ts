import { Projection } from '@docs/platform/projections';
import { integrationsProjection } from './integrations/integrations.projection';
import { webhooksProjection } from './webhooks/webhooks.projection';

// `@docs/integrations/projections` (for apps/api/projections.ts): the projections and the audit catalog, without the HTTP layer.
export { INTEGRATIONS_AUDIT_CATALOG } from './audit-catalog';

/** Every projection of the integrations context. */
export const INTEGRATIONS_PROJECTIONS: Projection[] = [integrationsProjection, webhooksProjection];
