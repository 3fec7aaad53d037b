import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/caller';
import { EventStore } from '../event-store/event-store';
import { ProjectionRunner } from '../projections/projection-runner';
import { ReadStore } from '../read-store/read-store';

/** Liveness and readiness for operators and orchestrators; no token needed. */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    private readonly runner: ProjectionRunner,
  ) {}

  @Public()
  @Get('health')
  @HttpCode(200)
  health() {
    return { status: 'ok' };
  }

  /**
   * 200 when both stores answer and no projection has failed; 503 otherwise, saying why. Parked
   * events (a projection threw on them and went on without them) keep it 200: the server serves, and
   * taking it out of rotation would let one hostile event stop every instance. They are counted per
   * projection (`parked`) and named in `warnings`, for operators (`projections parked`).
   */
  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const problems: string[] = [];
    let head: bigint | null = null;
    try {
      head = await this.events.headPosition();
    } catch (error) {
      problems.push(`event store unreachable: ${(error as Error).message}`);
    }
    try {
      await this.readStore.listProjectionStates();
    } catch (error) {
      problems.push(`read store unreachable: ${(error as Error).message}`);
    }
    const warnings: string[] = [];
    let parked = 0;
    const projections = this.runner.states().map((p) => {
      if (p.status === 'failed') problems.push(p.error ?? `projection ${p.name} failed`);
      if (p.parked > 0) {
        parked += p.parked;
        warnings.push(
          `projection ${p.name} has ${p.parked} parked event${p.parked === 1 ? '' : 's'} (\`projections parked ${p.name}\` lists them)`,
        );
      }
      return {
        name: p.name,
        status: p.status,
        checkpoint: p.checkpoint?.toString() ?? null,
        lag: head === null ? 0 : Number(head - (p.seen ?? 0n)),
        parked: p.parked,
        ...(p.error ? { error: p.error } : {}),
      };
    });
    if (problems.length > 0) void reply.status(503);
    return {
      status: problems.length ? 'unavailable' : 'ready',
      head: head?.toString() ?? null,
      parked,
      projections,
      ...(problems.length ? { problems } : {}),
      ...(warnings.length ? { warnings } : {}),
    };
  }
}
