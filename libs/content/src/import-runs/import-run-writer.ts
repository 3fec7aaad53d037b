import { Injectable } from '@nestjs/common';
import { AggregateWriter, CommandContext, WriteKit } from '@docs/platform';
import { importRunAggregate, ImportRunCommand, ImportRunEvent, ImportRunState } from './import-run.decider';

/** Writes import runs: the use cases (after checking the target space's permission) and the background processor. */
@Injectable()
export class ImportRunWriter extends AggregateWriter<ImportRunState, ImportRunCommand, ImportRunEvent, void, CommandContext> {
  constructor(kit: WriteKit) {
    super(kit, importRunAggregate);
  }
}
