import { Inject, Injectable, Optional } from '@nestjs/common';
import { Aggregate, DomainError, DomainEvent, streamOf } from '@docs/kernel';
import { Clock, SystemClock } from '../clock/clock';
import { CommandContext } from '../commands/command-context';
import { CommandOutcome, handleCommand } from '../commands/handle-command';
import { EventStore } from '../event-store/event-store';
import { Consistency } from '../projections/consistency';
import { KeyedExclusion } from './keyed-exclusion';
import { StreamWrite, UnprojectedWrites } from './unprojected-writes';

/** What every writer needs from the platform: the event store, the read-your-writes wait and the clock events occur by. */
@Injectable()
export class WriteKit {
  readonly clock: Clock;
  /**
   * Writes to one stream run one after the other (`stream:<name>`, until appended), and so do
   * writes naming the same unique value (AggregateWriter.exclusiveKeys, until projected).
   */
  readonly exclusion = new KeyedExclusion();
  /** Each stream's last write not yet projected, so a refusal decided meanwhile can be checked again. */
  readonly unprojected = new UnprojectedWrites();

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

/** The key that makes writes to one stream run one after the other. */
const streamKey = (stream: string) => `stream:${stream}`;

/** One executed command: its stream, its outcome, and what it appended (null: nothing). */
interface Written<S, E> {
  stream: string;
  outcome: CommandOutcome<S, E>;
  write: StreamWrite | null;
}

/**
 * The write side of one aggregate, and the only way a use case writes: `execute(id, command, ctx)`
 * looks up the facts the decision needs, reads and folds the instance's stream, decides, appends
 * with the expected revision, and waits until every projection that handles one of the appended
 * event types has passed them, so the caller's next read sees the write. Subclass it once per
 * aggregate, in the application layer, and override `facts` when decisions need read models. `X` is
 * the context the writes run in: a request scope
 * (say the organization and the caller's membership) is one, so facts reuse what it has resolved.
 *
 * Commands on one stream run one after the other in the process (from facts to append), so
 * concurrent requests that do not conflict all succeed; an append that still meets a concurrent
 * one (another process on a shared EventStoreDB) is retried by handleCommand, then answered 409.
 */
export abstract class AggregateWriter<
  S,
  C extends { type: string },
  E extends DomainEvent,
  F = void,
  X extends CommandContext = CommandContext,
> {
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
      const written = await this.executeInOrder([{ id, command }], ctx);
      await this.settle(written);
      return written[0]!.outcome;
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
      const written = await this.executeInOrder(writes, ctx);
      await this.settle(written);
      return written.map((w) => w.outcome);
    });
  }

  /**
   * Executes the writes in order while holding their streams' keys, from the first fact looked up
   * to the last append, so commands on one stream run one after the other in this process instead
   * of racing to append (a lost race would be retried, then answered 409). All keys are taken at
   * once, so batches over several streams never wait for each other in a cycle. The keys are not
   * held during the read-your-writes wait: the next command on the stream starts meanwhile.
   */
  private executeInOrder(writes: readonly { id: string; command: C }[], ctx: X): Promise<Written<S, E>[]> {
    const streams = writes.map(({ id }) => streamOf(this.aggregate, id));
    return this.kit.exclusion.run(streams.map(streamKey), async () => {
      const written: Written<S, E>[] = [];
      for (const [i, { id, command }] of writes.entries()) written.push(await this.executeUnsettled(streams[i]!, id, command, ctx));
      return written;
    });
  }

  private async executeUnsettled(stream: string, id: string, command: C, ctx: X): Promise<Written<S, E>> {
    const pending = this.kit.unprojected.of(stream);
    try {
      return await this.decideAndAppend(stream, id, command, ctx);
    } catch (error) {
      // The facts come from read models, which may not have caught up yet with the previous write
      // to this stream (a concurrent request's): a refusal decided on them is decided again once
      // they have. Nothing else writes to the stream meanwhile (its key is held), so once is enough.
      if (pending === undefined || !(error instanceof DomainError) || !this.kit.consistency) throw error;
      await this.kit.consistency.waitForEvents(pending.position, pending.types);
      return this.decideAndAppend(stream, id, command, ctx);
    }
  }

  private async decideAndAppend(stream: string, id: string, command: C, ctx: X): Promise<Written<S, E>> {
    const facts = await this.facts(id, command, ctx);
    const outcome = await handleCommand(this.kit.events, stream, this.aggregate, command, ctx, {
      facts,
      schemaVersions: this.aggregate.schemaVersions,
      now: () => this.kit.clock.now(),
    });
    if (outcome.position === null) return { stream, outcome, write: null };
    const write = { position: outcome.position, types: outcome.events.map((e) => e.type) };
    this.kit.unprojected.appended(stream, write);
    return { stream, outcome, write };
  }

  /** Waits until the projections handling the writes' events have passed the last of them. */
  private async settle(written: readonly Written<S, E>[]): Promise<void> {
    const writes = written.flatMap(({ stream, write }) => (write === null ? [] : [{ stream, write }]));
    if (writes.length === 0) return;
    // biome-ignore lint/complexity/useMathMinMax: positions are bigints, which Math.max refuses (TypeError).
    const last = writes.reduce((a, b) => (a > b.write.position ? a : b.write.position), 0n);
    try {
      await this.kit.consistency?.waitForEvents(
        last,
        writes.flatMap(({ write }) => write.types),
      );
    } finally {
      for (const { stream, write } of writes) this.kit.unprojected.settled(stream, write);
    }
  }
}
