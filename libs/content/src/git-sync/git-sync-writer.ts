import { Injectable } from '@nestjs/common';
import { AggregateWriter, CommandContext, WriteKit } from '@docs/platform';
import { gitSyncAggregate, GitSyncCommand, GitSyncState } from './git-sync.decider';
import { GitSyncEvent } from './git-sync.events';

/** Writes a space's git sync stream. */
@Injectable()
export class GitSyncWriter extends AggregateWriter<GitSyncState, GitSyncCommand, GitSyncEvent, void, CommandContext> {
  constructor(kit: WriteKit) {
    super(kit, gitSyncAggregate);
  }
}
