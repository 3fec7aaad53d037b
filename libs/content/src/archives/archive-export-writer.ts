import { Injectable } from '@nestjs/common';
import { AggregateWriter, CommandContext, WriteKit } from '@docs/platform';
import { archiveExportAggregate, ArchiveExportCommand, ArchiveExportState } from './archive-export.decider';
import { ArchiveExportEvent } from './archive-export.events';

/** Writes export jobs: no facts (who may request one is checked before, by the request's scope). */
@Injectable()
export class ArchiveExportWriter extends AggregateWriter<
  ArchiveExportState,
  ArchiveExportCommand,
  ArchiveExportEvent,
  void,
  CommandContext
> {
  constructor(kit: WriteKit) {
    super(kit, archiveExportAggregate);
  }
}
