import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, Clock, DAY_MS } from '@docs/platform';

/**
 * How long a deleted space stays restorable (SPACE_RETENTION_DAYS, default 7), by the platform's
 * clock: a space deleted before the cut-off can no longer be restored, and the purge removes it.
 */
@Injectable()
export class SpaceRetention {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Spaces deleted before this time (ISO 8601) are past their retention. */
  cutoff(): string {
    return new Date(this.clock.now().getTime() - this.config.spaceRetentionDays * DAY_MS).toISOString();
  }
}
