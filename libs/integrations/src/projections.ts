import { Projection } from '@docs/platform/projections';
import { integrationsProjection } from './integrations/integrations.projection';
import { webhooksProjection } from './webhooks/webhooks.projection';

/** Every projection of the integrations context. */
export const INTEGRATIONS_PROJECTIONS: Projection[] = [integrationsProjection, webhooksProjection];
