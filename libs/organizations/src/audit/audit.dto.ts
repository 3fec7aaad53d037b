import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional } from 'class-validator';
import { OptionalText, PageQuery } from '@docs/platform';

export class ListAuditEventsQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'date-time', description: 'Include events occurring at or after this time' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date-time' })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Include events occurring at or before this time' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date-time' })
  to?: string;

  @OptionalText(100, { description: 'An action id from GET .../audit-event-actions' })
  action?: string;

  @OptionalText(100, { description: 'Actor id: a user id, `system`, or `cli:<user>@<host>` for the operator CLI' })
  actor?: string;

  @OptionalText(100, { description: 'Id of the resource changed' })
  target?: string;

  @OptionalText(128, {
    description: 'The events of one request across streams: its correlation id (X-Request-Id), as in the audit event details',
  })
  correlationId?: string;
}
