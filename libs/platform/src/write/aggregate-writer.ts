import { Inject, Injectable, Optional } from '@nestjs/common';
import { Aggregate, DomainEvent, streamOf } from '@docs/kernel';
import { Clock, SystemClock } from '../clock/clock';
import { CommandContext } from '../commands/command-context';
import { CommandOutcome, handleCommand } from '../commands/handle-command';
import { EventStore } from '../event-store/event-store';
import { Consistency } from '../projections/consistency';
import { KeyedExclusion } from './keyed-exclusion';

/** What every writer needs from the platform: the event store, the read-your-writes wait and the clock events occur by. */
@Injectable()
export class WriteKit {
  readonly clock: Clock;
  /** Writes naming the same unique value run one after the other (AggregateWriter.exclusiveKeys). */
  readonly exclusion = new KeyedExclusion();

  constructor(
    readonly events: EventStore,
    /**
     * Null for a tool that writes to the stores without the server's modules (the operator CLI):
     * no projection runs beside it, so its writes wait for none.
     */
    @Inject(Consistency) readonly consistency: Consistency | null,
    @Optional() @Inject(Clock) clock?: Clock | null,
  ) {
    this.clock = clock ?? new SystemClock();
  }
}

/**
 * The write side of one aggregate, and the only way a use case writes: `execute(id, command, ctx)`
 * looks up the facts the decision needs, reads and folds the instance's stream, decides, appends
 * with the expected revision (retried on a concurrent append, then 409), and waits until every
 * projection that handles one of the appended event types has passed them, so the caller's next
 * read sees the write. Subclass it once per aggregate, in the application layer, and override
 * `facts` when decisions need read models. `X` is the context the writes run in: a request scope
 * (say the organization and the caller's membership) is one, so facts reuse what it has resolved.
 */
export abstract class AggregateWriter<S, C extends { type: string }, E extends DomainEvent, F = void, X extends CommandContext = CommandContext> {
  protected constructor(
    private readonly kit: WriteKit,
    readonly aggregate: Aggregate<S, C, E, F>,
  ) {}

  /** The facts `decide` needs from outside the stream (read models); none by default. */
  protected facts(_id: string, _command: C, _ctx: X): F | Promise<F> {
    return undefined as F;
  }

  /**
   * The values that must stay unique across instances which the command claims (a hostname), as
   * keys with their namespace: `organization-hostname:docs`. Commands sharing a key run one after
   * the other, each until its write is projected, so `facts` sees what the previous one claimed.
   */
  protected exclusiveKeys(_id: string, _command: C, _ctx: X): readonly string[] {
    return [];
  }

  execute(id: string, command: C, ctx: X): Promise<CommandOutcome<S, E>> {
    return this.kit.exclusion.run(this.exclusiveKeys(id, command, ctx), async () => {
      const outcome = await this.executeUnsettled(id, command, ctx);
      await this.settle([outcome]);
      return outcome;
    });
  }

  /**
   * Several writes, then one wait: each command is executed in order, and the projections that
   * handle any of their events are waited for once, at the end (a batch of registrations waits
   * once, not once per write).
   */
  executeEach(writes: readonly { id: string; command: C }[], ctx: X): Promise<CommandOutcome<S, E>[]> {
    const keys = writes.flatMap(({ id, command }) => this.exclusiveKeys(id, command, ctx));
    return this.kit.exclusion.run(keys, async () => {
      const outcomes: CommandOutcome<S, E>[] = [];
      for (const { id, command } of writes) outcomes.push(await this.executeUnsettled(id, command, ctx));
      await this.settle(outcomes);
      return outcomes;
    });
  }

  private async executeUnsettled(id: string, command: C, ctx: X): Promise<CommandOutcome<S, E>> {
    const facts = await this.facts(id, command, ctx);
    return handleCommand(this.kit.events, streamOf(this.aggregate, id), this.aggregate, command, ctx, {
      facts,
      schemaVersions: this.aggregate.schemaVersions,
      now: () => this.kit.clock.now(),
    });
  }

  /** Waits until the projections handling the outcomes' events have passed the last of them. */
  private async settle(outcomes: readonly CommandOutcome<S, E>[]): Promise<void> {
    const positions = outcomes.flatMap((o) => (o.position === null ? [] : [o.position]));
    if (positions.length === 0) return;
    const last = positions.reduce((a, b) => (a > b ? a : b));
    await this.kit.consistency?.waitForEvents(last, outcomes.flatMap((o) => o.events.map((e) => e.type)));
  }
}
