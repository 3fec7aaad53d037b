import { Module } from '@nestjs/common';
import { GetAuditEventHandler } from './application/get-audit-event';
import { ListAuditEventActionsHandler } from './application/list-audit-event-actions';
import { ListAuditEventsHandler } from './application/list-audit-events';
import { AuditController } from './http/audit.controller';
import { AuditPresenter } from './http/audit.presenter';
import { OrganizationCoreModule } from './shared/organization-core.module';
import { AuditReadModel } from './projections/audit.read-model';

/** The organization audit trail, for its admins. */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [AuditController],
  providers: [AuditReadModel, AuditPresenter, ListAuditEventsHandler, GetAuditEventHandler, ListAuditEventActionsHandler],
})
export class AuditModule {}
