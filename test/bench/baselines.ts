/**
 * The two baselines of a read run, measured right after it: a bare Fastify server (baseline.ts)
 * and a bare NestJS application on the same Fastify adapter (nest-baseline.ts), each in its own
 * child process, serving the bytes the real route answered (captured.ts) to the very requests of
 * the run (same paths in the same turn, same tokens, same connection count).
 */
import { join } from 'node:path';
import { Capture, checkServes, describe, writeCapture } from './captured';
import { Child } from './ipc';
import { HttpFigures, HttpRun, measure } from './scenarios';

export type BaselineName = 'fastify' | 'nest';
export const BASELINES: readonly BaselineName[] = ['fastify', 'nest'];

/** What a baseline run measured (its own process's event loop, CPU and RSS). */
export type BaselineFigures = Pick<
  HttpFigures,
  'seconds' | 'rps' | 'p50Ms' | 'p99Ms' | 'maxMs' | 'count' | 'failures' | 'staleReads' | 'peakRssMb' | 'eventLoopP99Ms' | 'cpuUsPerRequest'
>;

export interface Baselines {
  /** Distinct answers served: one per path and query the run sends and caller (token) it sends them with. */
  answers: number;
  paths: number;
  /** Paths the real server answered differently to the run's different callers (each caller gets its own answer). */
  callerDependent: number;
  meanBytes: number;
  maxBytes: number;
  contentType: string;
  warmupSeconds: number;
  fastify: BaselineFigures | null;
  nest: BaselineFigures | null;
}

const CHILDREN: Record<BaselineName, { entry: string; what: string }> = {
  fastify: { entry: 'baseline.js', what: 'bare Fastify' },
  nest: { entry: 'nest-baseline.js', what: 'bare NestJS (Fastify adapter)' },
};

export async function measureBaselines(
  run: HttpRun,
  captured: Capture,
  options: { which: readonly BaselineName[]; seconds: number; warmup: number; dir: string },
  log: (line: string) => void,
): Promise<Baselines> {
  const file = join(options.dir, `${run.name}.json`);
  writeCapture(file, captured);
  const described = describe(captured);
  const figures: Record<BaselineName, BaselineFigures | null> = { fastify: null, nest: null };
  for (const name of options.which) {
    const { entry, what } = CHILDREN[name];
    const child = Child.start(`${name} baseline`, entry, { BENCH_RESPONSES: file });
    // A child that fails to start reports it and exits: ready rejects, nothing to stop.
    const { url } = (await child.ready) as { url: string };
    try {
      await checkServes(url, captured);
      log(
        `${run.name}: ${what} serving the ${described.answers} captured answer(s) to ${described.paths} ` +
          `path(s), ${run.connections} connections, ${options.warmup}s warm-up + ${options.seconds}s`,
      );
      figures[name] = baselineFigures(
        await measure(
          { ...run, url },
          options.seconds,
          options.warmup,
          () => child.sampleRss(),
          () => child.eventLoop(),
        ),
      );
    } finally {
      await child.stop();
    }
  }
  return {
    ...described,
    warmupSeconds: options.warmup,
    ...figures,
  };
}

function baselineFigures(h: HttpFigures): BaselineFigures {
  const { seconds, rps, p50Ms, p99Ms, maxMs, count, failures, staleReads, peakRssMb, eventLoopP99Ms, cpuUsPerRequest } = h;
  return { seconds, rps, p50Ms, p99Ms, maxMs, count, failures, staleReads, peakRssMb, eventLoopP99Ms, cpuUsPerRequest };
}
