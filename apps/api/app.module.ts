import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AppConfig, AuthGuard, Clock, PlatformModule } from '@docs/platform';
import { COLLABORATION_CONTEXT_PROJECTIONS, CollaborationModule } from '@docs/collaboration';
import { CONTENT_CONTEXT_PROJECTIONS, ContentModule } from '@docs/content';
import { ORGANIZATIONS_CONTEXT_PROJECTIONS, OrganizationsModule } from '@docs/organizations';

/** Every projection of every context; the CLI replays from the same list. */
export const ALL_PROJECTIONS = [...ORGANIZATIONS_CONTEXT_PROJECTIONS, ...CONTENT_CONTEXT_PROJECTIONS, ...COLLABORATION_CONTEXT_PROJECTIONS];

/** Composes the bounded-context modules on top of the platform. */
@Module({})
export class AppModule {
  static forRoot(config?: AppConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ projections: ALL_PROJECTIONS, config, clock }), OrganizationsModule, ContentModule, CollaborationModule],
      // The guard lives here because the Authenticator it needs comes from the organizations context.
      providers: [{ provide: APP_GUARD, useClass: AuthGuard }],
    };
  }
}
