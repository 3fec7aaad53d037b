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

  /** 200 when both stores answer and no projection has failed; 503 otherwise, saying why. */
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
    const projections = this.runner.states().map((p) => {
      if (p.status === 'failed') problems.push(p.error ?? `projection ${p.name} failed`);
      return {
        name: p.name,
        status: p.status,
        checkpoint: p.checkpoint?.toString() ?? null,
        lag: head === null ? 0 : Number(head - (p.seen ?? 0n)),
        ...(p.error ? { error: p.error } : {}),
      };
    });
    if (problems.length > 0) void reply.status(503);
    return { status: problems.length ? 'unavailable' : 'ready', head: head?.toString() ?? null, projections, ...(problems.length ? { problems } : {}) };
  }
}
