import { Module } from '@nestjs/common';
import { GetAuditEventHandler } from './get-audit-event';
import { ListAuditEventActionsHandler } from './list-audit-event-actions';
import { ListAuditEventsHandler } from './list-audit-events';
import { AuditController } from './audit.controller';
import { AuditPresenter } from './audit.presenter';
import { OrganizationCoreModule } from '../shared/organization-core.module';
import { AuditReadModel } from './audit.read-model';

/** The organization audit trail, for its admins. */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [AuditController],
  providers: [AuditReadModel, AuditPresenter, ListAuditEventsHandler, GetAuditEventHandler, ListAuditEventActionsHandler],
})
export class AuditModule {}
