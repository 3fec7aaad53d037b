import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AppConfig, AuthGuard, Clock, PlatformModule } from '@docs/platform';
import { ApiSpecsModule } from '@docs/api-specs';
import { CollaborationModule } from '@docs/collaboration';
import { ContentModule } from '@docs/content';
import { IntegrationsModule } from '@docs/integrations';
import { AuditTrailModule, OrganizationsModule } from '@docs/organizations';
import { SitesModule } from '@docs/sites';
import { ALL_PROJECTIONS, AUDITED_ACTIONS } from './projections';

// Defined in projections.ts, which the operator CLI loads without the modules; re-exported for this file's importers.
export { ALL_PROJECTIONS, AUDITED_ACTIONS };

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
