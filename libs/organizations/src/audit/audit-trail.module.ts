import { DynamicModule, Global, Module } from '@nestjs/common';
import { AuditActions } from './audit.domain';

/**
 * The composed audit catalog (`AuditActions`: every context's audited events) for the audit routes
 * (`GET .../audit-event-actions`). Organizations cannot import the contexts downstream of it, so the
 * app composes the catalogs and imports this module once, with the same `AuditActions` it builds
 * the audit projection from (apps/api/app.module.ts). Global: the audit module inside
 * OrganizationsModule injects it; without it the app does not start.
 */
@Global()
@Module({})
export class AuditTrailModule {
  static forRoot(actions: AuditActions): DynamicModule {
    return { module: AuditTrailModule, global: true, providers: [{ provide: AuditActions, useValue: actions }], exports: [AuditActions] };
  }
}
