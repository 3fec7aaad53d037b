import { Logger } from '@nestjs/common';
import { EventStore, RecordedEvent, Subscription } from '../event-store/event-store';
import { Consistency } from '../projections/consistency';
import { everyPage } from '../read-store/every-page';
import { FindResult, Page } from '../read-store/query';

const BATCH = 100;

/** A background job that takes its work from the event log (see followLog). */
export interface LogFollower<T> {
  /** Logs a subscription that stopped. */
  logger: Logger;
  /** Each event recorded after the job started, in log order. */
  onEvent(event: RecordedEvent): void;
  /** The projection whose read model lists what an earlier process left. */
  projection: string;
  /** One page of what an earlier process left (pending or in progress). */
  left(page: Page): Promise<FindResult<T>>;
  /** Takes up one item an earlier process left. */
  resume(item: T): void;
  /** True once the job stops: the taking up ends, and a subscription that stops is not logged. */
  stopped(): boolean;
}

/** The job's subscription (to close as it stops), and the taking up of what an earlier process left. */
export interface FollowedLog {
  subscription: Subscription;
  resumed: Promise<void>;
}

/**
 * Follows the event log from its head for a job and, once `projection` has caught up to that head,
 * takes up every item an earlier process left (one that stopped mid-work), page by page: so a
 * crash loses no work, and nothing recorded while the job starts is missed.
 */
export async function followLog<T>(events: EventStore, consistency: Consistency, job: LogFollower<T>): Promise<FollowedLog> {
  const head = await events.headPosition();
  const subscription = events.subscribeToAll(head, {
    onEvents: async (recorded) => {
      for (const event of recorded) job.onEvent(event);
    },
    onError: (error) => {
      if (!job.stopped()) job.logger.error(`event subscription stopped: ${error.message}`);
    },
  });
  const resume = async () => {
    await consistency.waitFor(head, [job.projection]);
    for await (const items of everyPage((page) => job.left(page), BATCH)) {
      for (const item of items) job.resume(item);
      if (job.stopped()) break;
    }
  };
  return { subscription, resumed: resume() };
}
