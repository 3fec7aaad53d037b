import { Injectable } from '@nestjs/common';
import { defineReadModel, Doc, FindQuery, FindResult, ReadModel, ReadModelWriter, ReadStore } from '@docs/platform';
import { WebhookEventType } from '../webhook-catalogue.domain';

/** A delivery: one event for one subscription, tried until delivered or failed for good. Its id is the `webhook-id`. */
export interface DeliveryDoc extends Doc {
  subscriptionId: string;
  organizationId: string;
  /** The outbox entry's order: the log position, then the subscription. */
  seq: string;
  eventId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  /** When the event happened (the payload's `timestamp`; lists sort on it). */
  createdAt: string;
  status: 'pending' | 'delivered' | 'failed' | 'skipped';
  /** Attempts in all, and attempts since it was (re)queued (the back-off counts these). */
  attempts: number;
  retries: number;
  firstAttemptAt: string | null;
  nextAttemptAt: string;
  lastAttemptAt: string | null;
  /** Why it was skipped (its subscription is gone, its creator can no longer see it). */
  reason: string | null;
  updatedAt: string;
}

/** One attempt of a delivery: when, the answer's status (null: none came), how long, and the answer's first bytes. */
export interface AttemptDoc extends Doc {
  deliveryId: string;
  subscriptionId: string;
  at: string;
  status: number | null;
  durationMs: number;
  response: string;
  error: string | null;
}

/** Per subscription: when its next delivery is due (IDLE: nothing pending), and since when every attempt failed. */
export interface QueueDoc extends Doc {
  organizationId: string;
  due: string;
  failingSince: string | null;
}

/** Where the processor is in the outbox (one document, `outbox`). */
export interface CursorDoc extends Doc {
  seq: string;
}

/** A `due` after every ISO 8601 time: nothing to deliver. */
export const IDLE = '~';

/**
 * The delivery log's collections. They belong to the delivery processor, not to a projection:
 * their names carry no version, so a projection replay or a new version of `webhooks` never
 * drops them, and `projections leftovers` leaves them alone.
 */
export const DELIVERIES = defineReadModel<DeliveryDoc>({
  name: 'webhook_deliveries',
  lists: [['subscriptionId', 'createdAt']],
  indexes: [
    ['subscriptionId', 'status', 'seq'],
    ['subscriptionId', 'status', 'createdAt'],
  ],
});
export const ATTEMPTS = defineReadModel<AttemptDoc>({ name: 'webhook_attempts', lists: [['deliveryId', 'at']] });
export const QUEUES = defineReadModel<QueueDoc>({ name: 'webhook_queues', indexes: ['due'] });
export const CURSORS = defineReadModel<CursorDoc>({ name: 'webhook_cursor' });

/** The state row whose batches carry the delivery log's writes (its checkpoint stays 0). */
const STATE = 'webhook-deliveries';

/**
 * The delivery log: read by the API (deliveries and their attempts), written by the delivery
 * processor only, each change one read-store transaction (the state row `webhook-deliveries`
 * carries it, as a projection's batch). Changes are serialised in the process.
 */
@Injectable()
export class WebhookDeliveryLog {
  private opened?: Promise<void>;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: ReadStore) {}

  private open(): Promise<void> {
    return (this.opened ??= (async () => {
      await this.store.ensureCollections([DELIVERIES, ATTEMPTS, QUEUES, CURSORS]);
      if (!(await this.store.getProjectionState(STATE))) {
        const state = { name: STATE, version: 1, generation: 0, checkpoint: 0n, status: 'running' as const, error: null };
        await this.store.replaceProjectionState(null, { ...state, updatedAt: new Date().toISOString() });
      }
    })());
  }

  /** Runs `change` in one transaction, after every change before it. */
  change<T>(change: (w: LogWriter) => Promise<T>): Promise<T> {
    const run = this.chain.then(async () => {
      await this.open();
      let result!: T;
      await this.store.commitBatch({ name: STATE, generation: 0, checkpoint: 0n }, 0n, async (writer) => {
        result = await change(new LogWriter(writer));
      });
      return result;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  async get<T extends Doc>(collection: ReadModel<T>, id: string): Promise<T | null> {
    await this.open();
    return this.store.get<T>(collection.name, id);
  }

  async find<T extends Doc>(collection: ReadModel<T>, query: FindQuery): Promise<FindResult<T>> {
    await this.open();
    return this.store.find<T>(collection.name, query);
  }
}

/** Typed writes of one change. */
export class LogWriter {
  constructor(private readonly writer: ReadModelWriter) {}

  get<T extends Doc>(collection: ReadModel<T>, id: string): Promise<T | null> {
    return this.writer.get<T>(collection.name, id);
  }

  find<T extends Doc>(collection: ReadModel<T>, query: FindQuery): Promise<FindResult<T>> {
    return this.writer.find<T>(collection.name, query);
  }

  put<T extends Doc>(collection: ReadModel<T>, doc: T): void {
    this.writer.put(collection.name, doc);
  }
}
