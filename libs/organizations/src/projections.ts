import { Projection } from '@docs/platform/projections';
import { organizationsProjection } from './organizations/organizations.projection';
import { samlProjection } from './saml/saml.projection';
import { teamsProjection } from './teams/teams.projection';
import { translationsProjection } from './translations/translations.projection';
import { usersProjection } from './users/users.projection';

// `@docs/organizations/projections`: what composes the application's projections (apps/api/projections.ts)
// without loading the context's HTTP layer: its projections, the audit trail's kit and catalog, and the
// users' read model (the operator CLI lists users).
export { AuditActions } from './audit/audit.domain';
export { auditProjection } from './audit/audit.projection';
export { ORGANIZATIONS_AUDIT_CATALOG } from './audit-catalog';
export { UsersReadModel } from './users/users.read-model';

/** The audit projection is not here: the app builds it from every context's audit catalog (`auditProjection`). */
export const ORGANIZATIONS_CONTEXT_PROJECTIONS: Projection[] = [
  usersProjection,
  organizationsProjection,
  teamsProjection,
  samlProjection,
  translationsProjection,
];
