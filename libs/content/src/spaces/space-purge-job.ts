import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { BackgroundJobs, DomainError, everyPage, randomUUID, systemContext } from '@docs/platform';
import { SpacesReadModel } from './reads/spaces.read-model';
import { SpaceRetention } from './space-retention';
import { SpaceWriter } from './space-writer';

const BATCH = 100;

/**
 * The purge of spaces past their retention (docs/content-design.md, "Retention"): once at
 * start-up and every SPACE_PURGE_INTERVAL_MS, it finds the spaces deleted before the cut-off (one
 * index range of the spaces read model) and records `SpacePurged` for each, as `system`; the
 * projections then drop them. It runs where the projections run (ROLE all or projector), so
 * API replicas (ROLE api) do not race each other; two purges of one space would still record one
 * event (the second finds it purged).
 */
@Injectable()
export class SpacePurgeJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('SpacePurge');
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;

  constructor(
    private readonly jobs: BackgroundJobs,
    private readonly spaces: SpacesReadModel,
    private readonly writer: SpaceWriter,
    private readonly retention: SpaceRetention,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.jobs.afterStart(() => void this.runOnce())) return;
    this.timer = setInterval(() => void this.runOnce(), this.jobs.config.spacePurgeIntervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Purges what is due now; answers how many spaces it purged. One run at a time. */
  runOnce(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    return (this.running ??= this.purge().finally(() => (this.running = undefined)));
  }

  private async purge(): Promise<number> {
    const cutoff = this.retention.cutoff();
    let purged = 0;
    try {
      for await (const spaces of everyPage((page) => this.spaces.deletedBefore(cutoff, page), BATCH)) {
        for (const space of spaces) {
          if (this.stopped) return purged;
          if (await this.purgeOne(space.id, cutoff)) purged++;
        }
      }
    } catch (error) {
      this.logger.error(`purge stopped: ${(error as Error).message}`);
    }
    if (purged > 0) this.logger.log(`purged ${purged} space(s) deleted before ${cutoff}`);
    return purged;
  }

  private async purgeOne(spaceId: string, cutoff: string): Promise<boolean> {
    try {
      await this.writer.execute(spaceId, { type: 'PurgeSpace', retentionCutoff: cutoff }, systemContext(`space-purge-${randomUUID()}`));
      return true;
    } catch (error) {
      // Restored or purged meanwhile: nothing to do.
      if (error instanceof DomainError && (error.kind === 'conflict' || error.kind === 'not_found')) return false;
      this.logger.error(`space ${spaceId} not purged: ${(error as Error).message}`);
      return false;
    }
  }
}
