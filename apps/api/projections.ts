import { API_SPECS_AUDIT_CATALOG, API_SPECS_PROJECTIONS } from '@docs/api-specs/projections';
import { COLLABORATION_AUDIT_CATALOG, COLLABORATION_CONTEXT_PROJECTIONS } from '@docs/collaboration/projections';
import { CONTENT_AUDIT_CATALOG, CONTENT_CONTEXT_PROJECTIONS } from '@docs/content/projections';
import { INTEGRATIONS_AUDIT_CATALOG, INTEGRATIONS_PROJECTIONS } from '@docs/integrations/projections';
import {
  AuditActions,
  auditProjection,
  ORGANIZATIONS_AUDIT_CATALOG,
  ORGANIZATIONS_CONTEXT_PROJECTIONS,
} from '@docs/organizations/projections';
import { SITES_AUDIT_CATALOG, SITES_CONTEXT_PROJECTIONS } from '@docs/sites/projections';

/*
 * The application's projections, composed from each context's `@docs/<context>/projections` entry
 * point: no controller, Nest module or HTTP library is loaded, so the operator CLI (apps/cli) loads
 * this in a fraction of the time app.module.ts takes. test/architecture/cli-loads-light.spec.ts keeps it so.
 */

/**
 * What the organization audit trail records: every context's audit catalog (collaboration's events
 * name their space, and are placed in its organization). The audit projection and the audit-event-actions
 * route (through AuditTrailModule) are built from this one list.
 */
export const AUDITED_ACTIONS = new AuditActions([
  ORGANIZATIONS_AUDIT_CATALOG,
  CONTENT_AUDIT_CATALOG,
  COLLABORATION_AUDIT_CATALOG,
  SITES_AUDIT_CATALOG,
  API_SPECS_AUDIT_CATALOG,
  INTEGRATIONS_AUDIT_CATALOG,
]);

/** Every projection of every context; the server runs them (app.module.ts) and the CLI replays from the same list. */
export const ALL_PROJECTIONS = [
  ...ORGANIZATIONS_CONTEXT_PROJECTIONS,
  auditProjection(AUDITED_ACTIONS),
  ...CONTENT_CONTEXT_PROJECTIONS,
  ...COLLABORATION_CONTEXT_PROJECTIONS,
  ...API_SPECS_PROJECTIONS,
  ...SITES_CONTEXT_PROJECTIONS,
  ...INTEGRATIONS_PROJECTIONS,
];
