import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AppConfig, AuthGuard, Clock, PlatformModule } from '@docs/platform';
import { API_SPECS_AUDIT_CATALOG, API_SPECS_PROJECTIONS, ApiSpecsModule } from '@docs/api-specs';
import { COLLABORATION_AUDIT_CATALOG, COLLABORATION_CONTEXT_PROJECTIONS, CollaborationModule } from '@docs/collaboration';
import { CONTENT_AUDIT_CATALOG, CONTENT_CONTEXT_PROJECTIONS, ContentModule } from '@docs/content';
import { INTEGRATIONS_AUDIT_CATALOG, INTEGRATIONS_PROJECTIONS, IntegrationsModule } from '@docs/integrations';
import {
  AuditActions,
  auditProjection,
  AuditTrailModule,
  ORGANIZATIONS_AUDIT_CATALOG,
  ORGANIZATIONS_CONTEXT_PROJECTIONS,
  OrganizationsModule,
} from '@docs/organizations';
import { SITES_AUDIT_CATALOG, SITES_CONTEXT_PROJECTIONS, SitesModule } from '@docs/sites';

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

/** Every projection of every context; the CLI replays from the same list. */
export const ALL_PROJECTIONS = [
  ...ORGANIZATIONS_CONTEXT_PROJECTIONS,
  auditProjection(AUDITED_ACTIONS),
  ...CONTENT_CONTEXT_PROJECTIONS,
  ...COLLABORATION_CONTEXT_PROJECTIONS,
  ...API_SPECS_PROJECTIONS,
  ...SITES_CONTEXT_PROJECTIONS,
  ...INTEGRATIONS_PROJECTIONS,
];

/** Composes the bounded-context modules on top of the platform. */
@Module({})
export class AppModule {
  static forRoot(config?: AppConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({ projections: ALL_PROJECTIONS, config, clock }),
        AuditTrailModule.forRoot(AUDITED_ACTIONS),
        OrganizationsModule,
        ContentModule,
        CollaborationModule,
        ApiSpecsModule,
        SitesModule,
        IntegrationsModule,
      ],
      // The guard lives here because the Authenticator it needs comes from the organizations context.
      providers: [{ provide: APP_GUARD, useClass: AuthGuard }],
    };
  }
}
