/**
 * The integrations context's published language: every event it writes, as types only. Other
 * contexts import these with `import type { ... } from '@docs/integrations/events'`; nothing here
 * loads code.
 */

// Integrations (stream `integration-<id>`): published, and unpublished.
export type { IntegrationEvent, IntegrationPublished, IntegrationUnpublished, IntegrationDefinition, StoredImage } from './domain/integration';
// Installations (stream `installation-<id>`).
export type { InstallationEvent, IntegrationInstalled } from './domain/installation';

import type { IntegrationEvent } from './domain/integration';
import type { InstallationEvent } from './domain/installation';
/** Every event the integrations context writes. */
export type IntegrationsContextEvent = IntegrationEvent | InstallationEvent;
