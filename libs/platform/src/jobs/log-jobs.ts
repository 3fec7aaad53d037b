import { Injectable } from '@nestjs/common';
import { EventStore, Subscription } from '../event-store/event-store';
import { Consistency } from '../projections/consistency';
import { BackgroundJobs } from './background-jobs';
import { followLog, LogFollower } from './follow-log';

/** A job following the log (LogJobs.follow): stop it as the job stops. */
export interface FollowingJob {
  /** Waits for the start (and the taking up of what was left) to end, then closes the subscription. */
  stop(): Promise<void>;
}

/**
 * Starts background jobs that take their work from the event log (the OpenAPI processor, import
 * runs): each follows the log (followLog) where and when background jobs start (BackgroundJobs),
 * and a start that fails is logged.
 */
@Injectable()
export class LogJobs {
  constructor(
    private readonly jobs: BackgroundJobs,
    private readonly events: EventStore,
    private readonly consistency: Consistency,
  ) {}

  /** Call from the job's onApplicationBootstrap. */
  follow<T>(job: LogFollower<T>): FollowingJob {
    let starting: Promise<void> | undefined;
    let subscription: Subscription | undefined;
    const start = async () => {
      const followed = await followLog(this.events, this.consistency, job);
      subscription = followed.subscription;
      await followed.resumed;
    };
    this.jobs.afterStart(() => (starting = start().catch((error: Error) => job.logger.error(`could not start: ${error.message}`))));
    return {
      stop: async () => {
        await starting;
        await subscription?.close();
      },
    };
  }
}
